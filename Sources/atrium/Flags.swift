import ArgumentParser
import AtriumHost
import AtriumRuntime
import AtriumSDK
import Foundation

/// `atrium flags`: the feature flags and their values; `set` and `reset` switch one at run time on
/// every host of the database (``SwitchBoard``).
struct Flags: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags",
        abstract: "List every feature flag of the enabled modules, or switch one on every host at run time.",
        subcommands: [List.self, SetValue.self, Reset.self],
        defaultSubcommand: List.self)

    static func describe(_ rollout: FlagRollout) -> String {
        switch rollout {
        case .on: "on"
        case .off: "off"
        case .percent(let share): "\(share)% of visitors"
        case .users(let emails): "users: \(emails.sorted().joined(separator: ","))"
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List every feature flag: its default, its value, and whether the file or a switch sets it.")

        @OptionGroup var options: ConfigurationOptions

        func run() async throws {
            let file = try await options.plan(logger: Console.logger(level: .warning))
            if file.flags.entries.isEmpty {
                print("No feature flags: no enabled module declares any.")
                return
            }
            // A configuration whose database is not made yet (a first start) lists the file's values.
            let switches = await SwitchCommand.inForce(for: file)
            let plan = file.applying(switches ?? HostSwitches())
            let rows = plan.flags.entries.map { entry in
                [
                    entry.fullName, entry.flag.defaultValue ? "on" : "off", Flags.describe(entry.rollout),
                    switches?.flags[entry.fullName].map { SwitchCommand.origin(of: $0.change) }
                        ?? (entry.isSet ? "configuration" : "default"),
                    entry.flag.description,
                ]
            }
            Console.table(["FLAG", "DEFAULT", "VALUE", "FROM", "DESCRIPTION"], rows)
        }
    }

    struct SetValue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set a flag on every host now, over the configuration file, until `atrium flags reset`.",
            discussion: "VALUE is on, off, a share of visitors such as 25%, or users:a@example.com,b@example.com.")

        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The flag, as <module>.<flag> (atrium flags lists them).") var name: String
        @Argument(help: "on, off, 25%, or users:a@example.com,…") var value: String
        @Option(help: "Why (kept with the change).") var reason: String

        func run() async throws {
            try await SwitchCommand.run(options) { plan, storage in
                guard plan.flags.entries.contains(where: { $0.fullName == name }) else {
                    throw SwitchProblem(
                        "no enabled module declares the flag '\(name)': flags are \(plan.flags.entries.map(\.fullName).joined(separator: ", ").ifEmpty("none"))"
                    )
                }
                let rollout = try HostSwitches.rollout(value).get()
                let text = value.trimmingCharacters(in: .whitespaces)
                try await SwitchCommand.change(storage, reason: reason, what: "\(name) = \(Flags.describe(rollout))") { switches, change in
                    switches.flags[name] = HostSwitches.FlagValue(value: text, change: change)
                }
            }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset", abstract: "Give a flag back to the configuration file on every host.")

        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The flag, as <module>.<flag>.") var name: String
        @Option(help: "Why (kept with the change).") var reason = "back to the configuration file"

        func run() async throws {
            let name = self.name
            try await SwitchCommand.reset(
                name, options: options, reason: reason, isSwitched: { $0.flags[name] != nil }, clear: { $0.flags[name] = nil })
        }
    }
}
