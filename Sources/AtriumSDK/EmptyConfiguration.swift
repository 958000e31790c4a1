/// The configuration of a module that has no settings. Its section may be absent or empty.
public struct EmptyConfiguration: Decodable, Sendable, Equatable {
    public init() {}
}
