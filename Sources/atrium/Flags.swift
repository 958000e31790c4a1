import ArgumentParser
import AtriumHost
import AtriumRuntime
import AtriumSDK

struct Flags: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags", abstract: "List every feature flag of the enabled modules: its default and its value under the configuration.")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let plan = try await options.plan(logger: Console.logger(level: .warning))
        let rows = plan.flags.entries.map { entry in
            [
                entry.fullName, entry.flag.defaultValue ? "on" : "off", Self.describe(entry.rollout), entry.isSet ? "configuration" : "default",
                entry.flag.description,
            ]
        }
        if rows.isEmpty {
            print("No feature flags: no enabled module declares any.")
            return
        }
        Console.table(["FLAG", "DEFAULT", "VALUE", "FROM", "DESCRIPTION"], rows)
    }

    static func describe(_ rollout: FlagRollout) -> String {
        switch rollout {
        case .on: "on"
        case .off: "off"
        case .percent(let share): "\(share)% of visitors"
        case .users(let emails): "users: \(emails.sorted().joined(separator: ","))"
        }
    }
}
