import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation

/// The texts of a route's parameters in a request: its path segments (percent-decoded; a value
/// that does not fit its type means the route does not match) and its optional fields from the
/// query (a value that does not fit is left out).
package enum RouteValues {
    /// The values of `route`'s parameters in `request`, or nil when its path does not fit the route.
    package static func extract(for route: RouteRegistration, from request: PageRequest) -> [String: String]? {
        var values: [String: String] = [:]
        if route.pattern.segments.contains(where: { if case .parameter = $0 { true } else { false } }) {
            let segments = request.path.split(separator: "/", omittingEmptySubsequences: true)
            guard segments.count == route.pattern.segments.count else { return nil }
            for (segment, part) in zip(route.pattern.segments, segments) {
                guard case .parameter(let name, let type) = segment else { continue }
                guard let value = decoded(part), (type ?? .string).accepts(value) else { return nil }
                values[name] = value
            }
        }
        if let query = request.query, route.fields.contains(where: \.isOptional) {
            for field in route.fields where field.isOptional {
                if let value = QueryFields.value(named: field.name, in: query), field.type.accepts(value) { values[field.name] = value }
            }
        }
        return values
    }

    /// A path segment percent-decoded; nil when it does not decode to UTF-8. Foundation's decoding
    /// goes through CoreFoundation (3 µs, a fifth of a page with a parameter), so a segment without
    /// a `%`, which decodes to itself, is not handed to it.
    static func decoded(_ segment: Substring) -> String? {
        segment.utf8.contains(UInt8(ascii: "%")) ? segment.removingPercentEncoding : String(segment)
    }
}
