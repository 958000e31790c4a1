import AtriumPages
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
        for route in routes where RouteMatch.fits(segments, route.pattern) {
            methods.insert(route.method.rawValue)
            if route.method == .get { methods.insert("HEAD") }
        }
        guard !methods.isEmpty else { return nil }
        return ["GET", "HEAD", "POST"].filter(methods.contains).joined(separator: ", ")
    }
}
