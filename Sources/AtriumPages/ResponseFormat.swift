import AtriumObservability
import AtriumRendering
import AtriumSupport

/// What a request's `Accept` header asks for: HTML, JSON, text, or a page's live stream of events.
/// Negotiated once per request (``negotiate(_:)``, kept in ``AtriumRequestContext``): the most
/// preferred media range (highest `q`, a named type beating a wildcard) wins; a range at `q=0` is
/// refused, never chosen; HTML when nothing is asked or nothing matches.
package enum ResponseFormat: String, Sendable, CaseIterable {
    case html, json, text
    /// `text/event-stream`: only ever chosen when named (no wildcard asks for a stream), and only
    /// a scene page's `GET` answers with one.
    case eventStream

    /// The outcome of one negotiation.
    package struct Negotiated: Sendable, Equatable {
        /// The most preferred format of all four.
        package var preferred: ResponseFormat
        /// The most preferred document format (HTML, JSON or text): what any answer that is not a
        /// stream is written in.
        package var document: ResponseFormat
        /// The scene schema's version a native client declared it decodes, as the `schema`
        /// parameter of its `application/json` or `text/event-stream` range
        /// (`Accept: application/json; schema=1`), if it declared one (``SceneSchema``): a live
        /// stream's documents follow it as a page's do.
        package var schema: Int? = nil

        /// The schema version a JSON document is written in for this request.
        package var answeredSchema: Int { SceneSchema.answered(to: schema) }

        /// Whether the client asked for a live stream above every document format.
        package var isEventStream: Bool { preferred == .eventStream }

        static let html = Negotiated(preferred: .html, document: .html)

        /// The largest schema version read as declared (a larger one is answered as the current either way).
        static let largestSchema = 1 << 40

        /// The outcome as one integer, as the memo keeps it (``RecentValues`` runs specialized for integers).
        var packed: Int {
            ResponseFormat.allCases.firstIndex(of: preferred)! | ResponseFormat.allCases.firstIndex(of: document)! << 2
                | (schema.map { $0 << 5 | 1 << 4 } ?? 0)
        }
    }

    /// Formats already negotiated, by `Accept` header: a browser sends the same header with every
    /// request, so each distinct header is read once. When ``memoizedHeaders`` are kept the memo
    /// starts again (odd clients cannot fill it for good); headers longer than ``memoizedLength``
    /// are read each time.
    private static let negotiated = RecentValues<Int>(limit: memoizedHeaders, longestKey: memoizedLength)
    static let memoizedHeaders = 256
    static let memoizedLength = 512

    static var memoizedCount: Int { negotiated.count }

    package static func negotiate(_ accept: String?) -> Negotiated {
        guard let accept, !accept.isEmpty else { return .html }
        return Negotiated(packed: negotiated.value(of: accept) { parse($0).packed })
    }

    private static func parse(_ accept: String) -> Negotiated {
        // The best match of each format: its quality and how specifically it was named. A format
        // named at q=0 is refused even when a wildcard would have matched it.
        var best: [ResponseFormat: (quality: Double, specificity: Int)] = [:]
        var refused: Set<ResponseFormat> = []
        var schema: Int?
        for part in accept.split(separator: ",") {
            let pieces = part.split(separator: ";").map(\.trimmingSpaces)
            guard let range = pieces.first?.lowercased() else { continue }
            if range == "application/json" || range == "text/event-stream" {
                for piece in pieces.dropFirst() {
                    let pair = piece.split(separator: "=", maxSplits: 1)
                    if pair.count == 2, pair[0].trimmingSpaces.lowercased() == "schema", let version = Int(pair[1].trimmingSpaces), version > 0 {
                        schema = min(version, Negotiated.largestSchema)
                    }
                }
            }
            let quality =
                pieces.dropFirst().compactMap { piece -> Double? in
                    let pair = piece.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 && pair[0].trimmingSpaces.lowercased() == "q" ? Double(pair[1].trimmingSpaces) : nil
                }.first ?? 1
            guard quality.isFinite, quality >= 0 else { continue }
            guard let media = MediaRange(range) else { continue }
            for format in ResponseFormat.allCases {
                guard let specificity = format.match(media) else { continue }
                if quality == 0 {
                    if specificity == 2 { refused.insert(format) }
                    continue
                }
                // A more specific range decides a format's quality (RFC 9110 §12.5.1).
                if let known = best[format], known.specificity > specificity || (known.specificity == specificity && known.quality >= quality) {
                    continue
                }
                best[format] = (quality, specificity)
            }
        }
        for format in refused { best.removeValue(forKey: format) }
        func winner(among formats: [ResponseFormat]) -> ResponseFormat? {
            var chosen: (format: ResponseFormat, quality: Double, specificity: Int)?
            for format in formats {
                guard let (quality, specificity) = best[format] else { continue }
                let better = chosen.map { quality > $0.quality || (quality == $0.quality && specificity > $0.specificity) } ?? true
                if better { chosen = (format, quality, specificity) }
            }
            return chosen?.format
        }
        let document = winner(among: [.html, .json, .text]) ?? .html
        // A stream wins a tie: only a client that names it exactly asks for one.
        if let events = best[.eventStream], events.quality >= (best[document]?.quality ?? 0) {
            return Negotiated(preferred: .eventStream, document: document, schema: schema)
        }
        return Negotiated(preferred: document, document: document, schema: schema)
    }

    /// How specifically a media range names this format: 2 exactly, 1 by a subtype wildcard, 0 by
    /// `*/*` (HTML only); nil when it does not name it.
    private func match(_ media: MediaRange) -> Int? {
        switch self {
        case .html:
            if media.is("text", "html") || media.is("application", "xhtml+xml") { return 2 }
            if media.type == "text" && media.subtype == "*" { return 1 }
            return media.type == "*" ? 0 : nil
        case .json:
            if media.is("application", "json") { return 2 }
            return media.type == "application" && media.subtype == "*" ? 1 : nil
        case .text:
            return media.is("text", "plain") ? 2 : nil
        case .eventStream:
            return media.is("text", "event-stream") ? 2 : nil
        }
    }

    /// A media range's type and subtype (`text/*`), lowercased.
    private struct MediaRange {
        let type: Substring
        let subtype: Substring

        init?(_ range: String) {
            let parts = range.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[0] != "*" || parts[1] == "*" else { return nil }
            let token: (Substring) -> Bool = { $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains($0) } }
            guard token(parts[0]), token(parts[1]) else { return nil }
            type = parts[0]
            subtype = parts[1]
        }

        func `is`(_ type: String, _ subtype: String) -> Bool { self.type == type && self.subtype == subtype }
    }

    package var contentType: String {
        switch self {
        case .html: "text/html; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        case .text: "text/plain; charset=utf-8"
        case .eventStream: "text/event-stream; charset=utf-8"
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

extension ResponseFormat.Negotiated {
    init(packed: Int) {
        preferred = ResponseFormat.allCases[packed & 3]
        document = ResponseFormat.allCases[packed >> 2 & 3]
        schema = packed & 1 << 4 == 0 ? nil : packed >> 5
    }
}
