/// One field of a route's parameters, as the host reads it from the parameters type.
@_spi(AtriumHost)
public struct RouteField: Sendable, Equatable {
    public var name: String
    public var type: RouteParameterType
    /// Optional fields are query items; the others are segments of the pattern.
    public var isOptional: Bool
}
