@_spi(AtriumHost) import AtriumSDK
import Synchronization

/// Use-case factories and capabilities for scenes, from the registry. Use cases with a shared
/// lifetime are built once; tests may replace any factory.
final class HostSceneServices: SceneServices {
    let registry: HostRegistry
    let flags: HostFlags
    let replacements: [ObjectIdentifier: UseCaseFactory]
    private let shared = Mutex<[ObjectIdentifier: any Sendable]>([:])

    init(registry: HostRegistry, flags: HostFlags, replacements: [ObjectIdentifier: UseCaseFactory]) {
        self.registry = registry
        self.flags = flags
        self.replacements = replacements
    }

    func make<UseCase: Sendable>(_ type: UseCase.Type, in context: SceneContext) throws -> UseCase {
        let key = ObjectIdentifier(type)
        guard let factory = replacements[key] ?? registry.factory(for: key)?.factory else {
            throw UnregisteredUseCase(typeName: String(describing: type))
        }
        if factory.lifetime == .shared, let existing = shared.withLock({ $0[key] }) as? UseCase {
            return existing
        }
        guard let made = try factory.make(context) as? UseCase else {
            throw UnregisteredUseCase(typeName: String(describing: type))
        }
        if factory.lifetime == .shared {
            return shared.withLock { cache in
                if let existing = cache[key] as? UseCase { return existing }
                cache[key] = made
                return made
            }
        }
        return made
    }

    func capability<Value>(_ capability: Capability<Value>) -> Value? {
        registry.capability(capability)
    }

    func rollout(of flag: String, module: String) -> FlagRollout? { flags.rollout(of: flag, module: module) }
}
