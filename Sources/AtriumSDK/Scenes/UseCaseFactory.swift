/// How to build one use case, as registered by a module.
@_spi(AtriumHost)
public struct UseCaseFactory: Sendable {
    /// The use case's type name, for messages: worked out when asked (describing a type at boot
    /// looks up its conformances, which adds up over every factory of every module).
    public var typeName: String { name() }
    private let name: @Sendable () -> String
    public let lifetime: UseCaseLifetime
    public let make: @Sendable (SceneContext) throws -> any Sendable

    public init(
        typeName: @autoclosure @escaping @Sendable () -> String, lifetime: UseCaseLifetime,
        make: @escaping @Sendable (SceneContext) throws -> any Sendable
    ) {
        name = typeName
        self.lifetime = lifetime
        self.make = make
    }
}
