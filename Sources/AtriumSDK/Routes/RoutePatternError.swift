/// Why a route pattern could not be parsed.
@_spi(AtriumHost)
public struct RoutePatternError: Error, Sendable, Equatable, CustomStringConvertible {
    public var pattern: String
    public var problem: String

    public var description: String { "route pattern '\(pattern)' is invalid: \(problem)" }
}
