@_spi(AtriumHost) import AtriumSDK

/// What scenes ask the host through their context: capabilities from the registry, and feature
/// flags as the operator set them.
package struct RegistrySceneHost: SceneHost {
    let registry: HostRegistry
    let flags: HostFlags

    package func capability<Value>(_ capability: Capability<Value>) -> Value? {
        registry.capability(capability)
    }

    package func isOn(_ flag: FeatureFlag, in context: SceneContext) async throws -> Bool {
        try await Self.isOn(flag, rollout: flags.rollout(of: flag.name, module: context.moduleID), in: context)
    }

    /// Whether `flag` is on for the visitor of `context` under `rollout` (nil: the manifest does
    /// not declare it, so its default, logged).
    static func isOn(_ flag: FeatureFlag, rollout: FlagRollout?, in context: SceneContext) async throws -> Bool {
        switch rollout {
        case nil:
            context.logger.error("feature flag not declared in the manifest", metadata: ["flag": "\(context.moduleID).\(flag.name)"])
            return flag.defaultValue
        case .on: return true
        case .off: return false
        case .percent(let share) where share <= 0: return false
        case .percent(let share) where share >= 100: return true
        case .percent(let share):
            // Only a share in between needs to know who the visitor is (and gives an anonymous one a pass).
            let id: String
            if let userID = try await context.session.userID {
                id = "user:" + userID
            } else {
                id = "visitor:" + (try await context.session.visitorID())
            }
            return FlagRollout.bucket(flag: "\(context.moduleID).\(flag.name)", id: id) < share
        case .users(let emails):
            guard let email = try await context.currentUser()?.email.lowercased() else { return false }
            return emails.contains(email)
        }
    }

    package init(registry: HostRegistry, flags: HostFlags) {
        self.registry = registry
        self.flags = flags
    }
}
