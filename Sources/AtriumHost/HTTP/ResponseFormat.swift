import Hummingbird
import Synchronization

/// Which renderer answers a request, negotiated from its `Accept` header: the most preferred
/// (highest `q`) of HTML, JSON and text, a named type beating a wildcard; HTML when nothing is asked
/// or nothing matches. Media ranges are read with Hummingbird's `MediaType`.
enum ResponseFormat: String, Sendable, CaseIterable {
    case html, json, text

    init(request: Request) {
        self = Self.negotiate(request.headers[.accept])
    }

    /// Formats already negotiated, by `Accept` header: a browser sends the same header with every
    /// request, so each distinct header is read once. When ``memoizedHeaders`` are kept the memo
    /// starts again (odd clients cannot fill it for good); headers longer than ``memoizedLength``
    /// are read each time.
    private static let negotiated = Mutex<[String: ResponseFormat]>([:])
    static let memoizedHeaders = 256
    static let memoizedLength = 512

    static var memoizedCount: Int { negotiated.withLock { $0.count } }

    static func negotiate(_ accept: String?) -> ResponseFormat {
        guard let accept, !accept.isEmpty else { return .html }
        guard accept.utf8.count <= memoizedLength else { return parse(accept) }
        if let known = negotiated.withLock({ $0[accept] }) { return known }
        let format = parse(accept)
        negotiated.withLock { known in
            if known.count >= memoizedHeaders { known.removeAll(keepingCapacity: true) }
            known[accept] = format
        }
        return format
    }

    private static func parse(_ accept: String) -> ResponseFormat {
        var best: (format: ResponseFormat, quality: Double, specificity: Int)?
        for part in accept.split(separator: ",") {
            let pieces = part.split(separator: ";").map(\.trimmingSpaces)
            guard let range = pieces.first?.lowercased() else { continue }
            let quality =
                pieces.dropFirst().compactMap { piece -> Double? in
                    let pair = piece.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 && pair[0].trimmingSpaces == "q" ? Double(pair[1]) : nil
                }.first ?? 1
            guard quality > 0, quality.isFinite else { continue }
            let media: MediaType? = range == "*/*" ? MediaType(type: .any) : MediaType(from: range)
            guard let media else { continue }
            for format in ResponseFormat.allCases {
                guard let specificity = format.match(media) else { continue }
                let better = best.map { quality > $0.quality || (quality == $0.quality && specificity > $0.specificity) } ?? true
                if better { best = (format, quality, specificity) }
            }
        }
        return best?.format ?? .html
    }

    /// How specifically a media range names this format: 2 exactly, 1 by a subtype wildcard, 0 by
    /// `*/*` (HTML only); nil when it does not name it.
    private func match(_ media: MediaType) -> Int? {
        switch self {
        case .html:
            if media.isType(.textHtml) || media.isType(MediaType(type: .application, subType: "xhtml+xml")) { return 2 }
            if media.type == .text && media.subType == "*" { return 1 }
            return media.type == .any ? 0 : nil
        case .json:
            if media.isType(.applicationJson) { return 2 }
            return media.type == .application && media.subType == "*" ? 1 : nil
        case .text:
            return media.isType(.textPlain) ? 2 : nil
        }
    }

    var contentType: String {
        switch self {
        case .html: "text/html; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        case .text: "text/plain; charset=utf-8"
        }
    }
}

extension Substring {
    /// Without the spaces and tabs around it (HTTP's optional whitespace).
    fileprivate var trimmingSpaces: Substring {
        let isText: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return "" }
        return self[first...last]
    }
}
