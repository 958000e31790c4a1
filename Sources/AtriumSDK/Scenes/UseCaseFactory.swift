/// How to build one use case, as registered by a module.
@_spi(AtriumHost)
public struct UseCaseFactory: Sendable {
    public let typeName: String
    public let lifetime: UseCaseLifetime
    public let make: @Sendable (SceneContext) throws -> any Sendable

    public init(typeName: String, lifetime: UseCaseLifetime, make: @escaping @Sendable (SceneContext) throws -> any Sendable) {
        self.typeName = typeName
        self.lifetime = lifetime
        self.make = make
    }
}
