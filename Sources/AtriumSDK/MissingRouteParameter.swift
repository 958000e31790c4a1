/// A scene asked for a route parameter its route does not declare, or with the wrong type.
public struct MissingRouteParameter: Error, Sendable, CustomStringConvertible {
    public var name: String
    public var description: String { "the route has no parameter '\(name)' of that type" }
}
