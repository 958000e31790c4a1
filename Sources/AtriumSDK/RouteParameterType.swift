import Foundation

/// The type of a route parameter. A value that does not fit makes the route not match.
public enum RouteParameterType: String, Sendable, CaseIterable, Hashable {
    case string
    case int
    case uuid

    public func accepts(_ value: String) -> Bool {
        switch self {
        case .string: !value.isEmpty
        case .int: Int(value) != nil
        case .uuid: UUID(uuidString: value) != nil
        }
    }
}
