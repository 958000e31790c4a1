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
        let pattern = route.pattern.segments
        if pattern.contains(where: { if case .parameter = $0 { true } else { false } }) {
            // The path's segments walked in place (empty ones skipped), not split into an array:
            // this runs for every request of a page with a parameter, its 304s too.
            let path = request.path
            let slash = UInt8(ascii: "/")
            var index = path.utf8.startIndex
            var matched = 0
            while true {
                while index < path.utf8.endIndex, path.utf8[index] == slash { index = path.utf8.index(after: index) }
                guard index < path.utf8.endIndex else { break }
                let end = path.utf8[index...].firstIndex(of: slash) ?? path.utf8.endIndex
                guard matched < pattern.count else { return nil }
                if case .parameter(let name, let type) = pattern[matched] {
                    guard let value = decoded(path[index..<end]), (type ?? .string).accepts(value) else { return nil }
                    values[name] = value
                }
                matched += 1
                index = end
            }
            guard matched == pattern.count else { return nil }
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
