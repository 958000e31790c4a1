import Foundation

/// The type of a route parameter. A value that does not fit makes the route not match.
@_spi(AtriumHost)
public enum RouteParameterType: String, Sendable, CaseIterable, Hashable {
    case string
    case int
    case double
    case bool
    case uuid

    public func accepts(_ value: String) -> Bool {
        switch self {
        case .string: !value.isEmpty
        case .int: Int(value) != nil
        case .double: Double(value).map(\.isFinite) ?? false
        case .bool: value == "true" || value == "false"
        case .uuid: UUID(uuidString: value) != nil
        }
    }
}
