import AtriumSDK
import Foundation

/// What operators switched at run time, over the configuration file: feature flags set to a
/// value, modules turned off or on. Kept in storage (``SwitchBoard``), so one command reaches every
/// host; each change raises ``generation``, which each host applies as a new serving generation and
/// records in the fleet list. A switch wins over the file until it is reset.
package struct HostSwitches: Codable, Sendable, Equatable {
    /// Who changed a switch, when and why.
    package struct Change: Codable, Sendable, Equatable {
        package var at: Double
        /// The system user who ran the command.
        package var by: String
        package var reason: String
        /// What changed, in words (`moneybox off`, `cookbook.missingOne = 25%`, `reset moneybox`).
        package var what: String
        /// The generation it made.
        package var generation: Int

        package init(at: Double, by: String, reason: String, what: String, generation: Int) {
            (self.at, self.by, self.reason, self.what, self.generation) = (at, by, reason, what, generation)
        }
    }

    /// A flag's value as a switch sets it: `on`, `off`, `N%`, or `users:a@example.com,b@example.com`.
    package struct FlagValue: Codable, Sendable, Equatable {
        package var value: String
        package var change: Change

        package init(value: String, change: Change) {
            (self.value, self.change) = (value, change)
        }
    }

    /// A module switched `on` or `off`.
    package struct ModuleState: Codable, Sendable, Equatable {
        package var isOn: Bool
        package var change: Change

        package init(isOn: Bool, change: Change) {
            (self.isOn, self.change) = (isOn, change)
        }
    }

    /// Raised by every change (0: nothing ever switched).
    package var generation = 0
    package var flags: [String: FlagValue] = [:]
    package var modules: [String: ModuleState] = [:]

    package init() {}

    /// The modules switched off.
    package var modulesOff: Set<String> { Set(modules.filter { !$0.value.isOn }.keys) }

    /// The most addresses a `users:` value names.
    package static let maximumUsers = 100

    /// `text` as a flag's value (see ``FlagValue``), or why it is none.
    package static func rollout(_ text: String) -> Result<FlagRollout, SwitchProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch trimmed.lowercased() {
        case "on", "true": return .success(.on)
        case "off", "false": return .success(.off)
        default: break
        }
        if trimmed.hasSuffix("%"), let share = Int(trimmed.dropLast()), (0...100).contains(share) { return .success(.percent(share)) }
        if trimmed.lowercased().hasPrefix("users:") {
            let emails = trimmed.dropFirst(6).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let users = Set(emails)
            // Every host reads the switches four times a second: a list of testers, not a population.
            if users.count > maximumUsers {
                return .failure(
                    SwitchProblem(
                        "users: names \(users.count) addresses; a switch names at most \(maximumUsers) (a share such as 25% reaches more)"))
            }
            if !emails.isEmpty, emails.allSatisfy({ $0.contains("@") && $0.utf8.count <= 254 }) { return .success(.users(users)) }
        }
        return .failure(
            SwitchProblem("'\(trimmed.prefix(60))' is not a flag value: give on, off, a share such as 25%, or users:a@example.com,b@example.com"))
    }

    /// The modules off under these switches and `manifests` (in boot order): those switched off,
    /// and each module that requires a capability only modules off provide, with why.
    /// With `adding`, as if those modules were switched off too (what a `disable` would take along).
    package func modulesOff(among manifests: [ModuleManifest], adding: Set<String> = []) -> [String: String] {
        var off: [String: String] = [:]
        for id in modulesOff.union(adding) where manifests.contains(where: { $0.id == id }) { off[id] = "switched off" }
        var changed = true
        while changed {
            changed = false
            for module in manifests where off[module.id] == nil {
                for capability in module.requires {
                    let providers = manifests.filter { $0.provides.contains(capability) }
                    if !providers.isEmpty, providers.allSatisfy({ off[$0.id] != nil }) {
                        off[module.id] = "requires \(capability.rawValue), which \(providers.map(\.id).joined(separator: ", ")) provides"
                        changed = true
                        break
                    }
                }
            }
        }
        return off
    }
}

/// A switch that cannot be made, and why.
package struct SwitchProblem: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
