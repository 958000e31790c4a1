@_spi(AtriumHost) import AtriumSDK

/// Use cases and capabilities for view-model tests, given by the test.
public struct TestSceneServices: Sendable {
    var factories: [ObjectIdentifier: @Sendable (SceneContext) throws -> any Sendable]
    var capabilities: [CapabilityName: any Sendable]
    /// Feature flags by name within the module, as the operator would set them; a flag not named
    /// here is its default.
    var flags: [String: FlagRollout]

    public init(
        factories: [UseCaseReplacement] = [], capabilities: [CapabilityName: any Sendable] = [:], flags: [String: FlagRollout] = [:]
    ) {
        self.factories = Dictionary(factories.map { ($0.type, $0.factory.make) }, uniquingKeysWith: { _, last in last })
        self.capabilities = capabilities
        self.flags = flags
    }

    public func make<UseCase: Sendable>(_ type: UseCase.Type, in context: SceneContext) throws -> UseCase {
        guard let make = factories[ObjectIdentifier(type)], let made = try make(context) as? UseCase else {
            throw TestSceneServicesError.noFactory(String(describing: type))
        }
        return made
    }

    public func capability<Value>(_ capability: Capability<Value>) -> Value? {
        capabilities[capability.name] as? Value
    }
}

/// The host's view of ``TestSceneServices``.
struct TestSceneServicesAdapter: SceneServices {
    let services: TestSceneServices

    func make<UseCase: Sendable>(_ type: UseCase.Type, in context: SceneContext) throws -> UseCase {
        try services.make(type, in: context)
    }

    func capability<Value>(_ capability: Capability<Value>) -> Value? { services.capability(capability) }

    /// The test's setting, else nil: ``SceneContext/isOn(_:)`` then takes the flag's default.
    func rollout(of flag: String, module: String) -> FlagRollout? { services.flags[flag] }
}
