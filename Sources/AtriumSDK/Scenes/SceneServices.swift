/// What the host offers every scene context. Implemented by the host and by the test kit.
@_spi(AtriumHost)
public protocol SceneServices: Sendable {
    func make<UseCase: Sendable>(_ type: UseCase.Type, in context: SceneContext) throws -> UseCase
    func capability<Value>(_ capability: Capability<Value>) -> Value?
}
