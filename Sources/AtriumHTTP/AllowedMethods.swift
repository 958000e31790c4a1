@_spi(AtriumHost) import AtriumSDK
import Foundation

/// Which methods each path of the host answers, so a request with another method gets 405 and an
/// `Allow` header rather than the not-found page.
package struct AllowedMethods: Sendable {
    private let routes: [(pattern: RoutePattern, method: HTTPMethodName)]
    /// The host's own GET paths and the module assets: one lookup, however many assets there are.
    private let getPaths: Set<String>

    package init(routes: [(pattern: RoutePattern, method: HTTPMethodName)], getPaths: Set<String>) {
        self.routes = routes
        self.getPaths = getPaths
    }

    /// The methods `path` answers, in the `Allow` header's form ("GET, HEAD, POST"); nil when no
    /// route has this path.
    func allowHeader(for path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var methods: Set<String> = getPaths.contains(path) ? ["GET", "HEAD"] : []
        for route in routes where route.pattern.matches(segments) {
            methods.insert(route.method.rawValue)
            if route.method == .get { methods.insert("HEAD") }
        }
        guard !methods.isEmpty else { return nil }
        return ["GET", "HEAD", "POST"].filter(methods.contains).joined(separator: ", ")
    }
}

extension RoutePattern {
    /// Whether a path's segments fit this pattern (parameters percent-decoded and of their type).
    func matches(_ segments: [Substring]) -> Bool {
        guard segments.count == self.segments.count else { return false }
        for (segment, part) in zip(self.segments, segments) {
            switch segment {
            case .literal(let text):
                if text != part { return false }
            case .parameter(_, let type):
                guard let value = part.removingPercentEncoding, (type ?? .string).accepts(value) else { return false }
            }
        }
        return true
    }
}
