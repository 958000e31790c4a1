/// What the host offers every scene context. Implemented by the host and by the test kit.
@_spi(AtriumHost)
public protocol SceneServices: Sendable {
    func make<UseCase: Sendable>(_ type: UseCase.Type, in context: SceneContext) throws -> UseCase
    func capability<Value>(_ capability: Capability<Value>) -> Value?
    /// Who a module's flag is on for under the configuration; nil when the module does not declare it.
    func rollout(of flag: String, module: String) -> FlagRollout?
}
