import AtriumConfiguration
import AtriumSDK
import Foundation

/// Every feature flag the enabled modules declare, with who it is on for under the configuration's
/// `flags:` section (its default where the section does not name it).
package struct HostFlags: Sendable, Equatable {
    /// One declared flag and its value.
    package struct Entry: Sendable, Equatable {
        package var module: String
        package var flag: FeatureFlag
        package var rollout: FlagRollout
        /// True when the configuration sets it.
        package var isSet: Bool
        /// True when a run-time switch sets it (over the configuration).
        package var isSwitched = false

        /// `<module>.<name>`, as the configuration names it.
        package var fullName: String { "\(module).\(flag.name)" }
    }

    /// In boot order, each module's flags in the order its manifest declares them.
    package let entries: [Entry]
    private let rollouts: [String: [String: FlagRollout]]

    init(entries: [Entry]) {
        self.entries = entries
        var rollouts: [String: [String: FlagRollout]] = [:]
        for entry in entries { rollouts[entry.module, default: [:]][entry.flag.name] = entry.rollout }
        self.rollouts = rollouts
    }

    /// These flags with `values` (by full name) set over the configuration's, marked as switched.
    package func overriding(_ values: [String: FlagRollout]) -> HostFlags {
        guard !values.isEmpty else { return self }
        return HostFlags(
            entries: entries.map { entry in
                guard let value = values[entry.fullName] else { return entry }
                var switched = entry
                switched.rollout = value
                switched.isSwitched = true
                return switched
            })
    }

    /// Who a module's flag is on for, or nil when the module does not declare it.
    func rollout(of flag: String, module: String) -> FlagRollout? { rollouts[module]?[flag] }

    /// The flags of `modules` under the `flags:` section of `tree`, or the problems of that section:
    /// a flag no enabled module declares, and any value other than `true`, `false`, `{percent: 0…100}`
    /// or `{users: [emails]}`.
    static func resolve(
        _ tree: ConfigurationTree?, modules: [ModuleManifest], catalog: [ModuleManifest]
    ) -> (flags: HostFlags, problems: [ConfigurationProblem]) {
        var problems: [ConfigurationProblem] = []
        var settings: [String: FlagRollout] = [:]
        let declared = modules.flatMap { module in module.flags.map { "\(module.id).\($0.name)" } }
        let known = declared.isEmpty ? "the enabled modules declare none" : "flags are: \(declared.joined(separator: ", "))"
        switch tree {
        case nil, .null?: break
        case .mapping(let entries)?:
            for (name, line, value) in entries {
                let key = "flags.\(name)"
                guard declared.contains(name) else {
                    let moduleID = String(name.prefix { $0 != "." })
                    let disabled = !modules.contains { $0.id == moduleID } && catalog.contains { $0.id == moduleID }
                    problems.append(
                        ConfigurationProblem(
                            key: key,
                            message: disabled ? "module '\(moduleID)' is not enabled (line \(line))" : "unknown flag (line \(line))",
                            fix: known))
                    continue
                }
                do {
                    settings[name] = try rollout(from: value)
                } catch {
                    problems.append(ConfigurationProblem(key: key, message: "\(error.message) (line \(line))", fix: error.fix))
                }
            }
        default:
            problems.append(
                ConfigurationProblem(
                    key: "flags", message: "must be a section of flags", fix: "write `flags:` and under it `<module>.<flag>: true` or `false`"))
        }
        let entries = modules.flatMap { module in
            module.flags.map { flag in
                let setting = settings["\(module.id).\(flag.name)"]
                return Entry(module: module.id, flag: flag, rollout: setting ?? (flag.defaultValue ? .on : .off), isSet: setting != nil)
            }
        }
        return (HostFlags(entries: entries), ConfigurationDecoder.capped(problems, what: "flag problems"))
    }

    struct ValueProblem: Error {
        var message: String
        var fix: String?
    }

    static let valueForms = "write `true`, `false`, `{percent: 25}` (a stable share of visitors) or `{users: [ada@example.com]}`"

    private static func rollout(from value: ConfigurationTree) throws(ValueProblem) -> FlagRollout {
        switch value {
        case .scalar(let text):
            switch text {
            case "true": return .on
            case "false": return .off
            default: throw ValueProblem(message: "'\(text.prefix(40))' is not a flag value", fix: valueForms)
            }
        case .mapping(let entries):
            guard entries.count == 1, let (key, _, inner) = entries.first else {
                throw ValueProblem(message: "give either `percent` or `users`, not both", fix: valueForms)
            }
            switch (key, inner) {
            case ("percent", .scalar(let text)):
                guard let share = Int(text), (0...100).contains(share) else {
                    throw ValueProblem(message: "percent must be a whole number from 0 to 100, not '\(text.prefix(40))'", fix: valueForms)
                }
                return .percent(share)
            case ("users", .sequence(let items)):
                var emails: Set<String> = []
                for item in items {
                    guard case .scalar(let email) = item, email.contains("@"), email.utf8.count <= 254 else {
                        throw ValueProblem(message: "users must be a list of email addresses", fix: valueForms)
                    }
                    emails.insert(email.trimmingCharacters(in: .whitespaces).lowercased())
                }
                return .users(emails)
            case ("percent", _):
                throw ValueProblem(message: "percent must be a whole number from 0 to 100", fix: valueForms)
            case ("users", _):
                throw ValueProblem(message: "users must be a list of email addresses", fix: valueForms)
            default:
                throw ValueProblem(message: "unknown key '\(key.prefix(40))'", fix: valueForms)
            }
        case .sequence, .null:
            throw ValueProblem(message: "is not a flag value", fix: valueForms)
        }
    }
}
