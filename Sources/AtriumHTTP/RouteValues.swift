import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation
import Hummingbird

/// The texts of a route's parameters in a request: its path segments (percent-decoded; a value
/// that does not fit its type means the route does not match) and its optional fields from the
/// query (a value that does not fit is left out).
package enum RouteValues {
    static func extract(for route: RouteRegistration, from request: Request, context: AtriumRequestContext) -> [String: String]? {
        var values: [String: String] = [:]
        for segment in route.pattern.segments {
            guard case .parameter(let name, let type) = segment else { continue }
            // Hummingbird does not percent-decode path parameters.
            guard let raw = context.parameters.get(name), let value = decoded(raw), (type ?? .string).accepts(value) else {
                return nil
            }
            values[name] = value
        }
        if request.uri.query != nil, route.fields.contains(where: \.isOptional) {
            let query = request.uri.queryParameters
            for field in route.fields where field.isOptional {
                if let value = query[Substring(field.name)].map(String.init), field.type.accepts(value) { values[field.name] = value }
            }
        }
        return values
    }

    /// A path segment percent-decoded; nil when it does not decode to UTF-8. Foundation's decoding
    /// goes through CoreFoundation (3 µs, a fifth of a page with a parameter), so a segment without
    /// a `%`, which decodes to itself, is not handed to it.
    static func decoded(_ segment: String) -> String? {
        segment.utf8.contains(UInt8(ascii: "%")) ? segment.removingPercentEncoding : segment
    }

    /// The request's `returnTo`, when it is a path on this site.
    package static func returnTo(of request: Request) -> String? {
        // Most requests have no query: parsing one (Hummingbird goes through URLComponents) is skipped.
        guard request.uri.query != nil else { return nil }
        return LocalPath.validated(request.uri.queryParameters[Substring("returnTo")].map(String.init))
    }
}
