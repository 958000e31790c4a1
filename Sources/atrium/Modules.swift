import ArgumentParser
import AtriumHost
import AtriumRuntime
import AtriumSDK
import Foundation

/// `atrium modules`: the modules available and enabled; `disable`, `enable` and `reset` switch one
/// off or on at run time on every host of the database (``SwitchBoard``).
struct Modules: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules",
        abstract: "List every available module and whether it serves, or switch one off or on on every host at run time.",
        subcommands: [List.self, Disable.self, Enable.self, Reset.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List every available module, whether the configuration enables it and whether a switch has it off.")

        @OptionGroup var options: ConfigurationOptions

        func run() async throws {
            let source = try await options.source()
            let enabled = Swift.Set(source.moduleIDs ?? options.catalog.map(\.manifest.id))
            let manifests = options.catalog.map(\.manifest)
            if manifests.isEmpty {
                print("No modules are available: add one under Modules/ (see README.md).")
                return
            }
            // What switches are in force, when the configuration plans cleanly and its database exists.
            let plan = try? await HostPlan.prepare(source: source, catalog: options.catalog, logger: Console.logger(level: .critical))
            var switches: HostSwitches?
            if let plan { switches = await SwitchCommand.inForce(for: plan) }
            let off = switches?.modulesOff(among: manifests.filter { enabled.contains($0.id) }) ?? [:]
            let rows = manifests.map { manifest in
                [
                    manifest.id, manifest.title, manifest.version,
                    manifest.requires.map(\.rawValue).joined(separator: ",").ifEmpty("-"),
                    (manifest.provides.map(\.rawValue) + manifest.binds.map { "route:\($0)" }).joined(separator: ",").ifEmpty("-"),
                    !enabled.contains(manifest.id)
                        ? "no"
                        : off[manifest.id].map { why in
                            "off: " + (switches?.modules[manifest.id].map { SwitchCommand.origin(of: $0.change) } ?? why)
                        } ?? "yes",
                ]
            }
            Console.table(["ID", "TITLE", "VERSION", "REQUIRES", "PROVIDES", "ENABLED"], rows)
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disable",
            abstract: "Switch a module off on every host now: its pages answer 503, it leaves the home page, its events wait.",
            discussion: "Modules that require what only it provides go off with it; the command says which before it acts.")

        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The module's id.") var id: String
        @Option(help: "Why (kept with the change).") var reason: String

        func run() async throws {
            try await SwitchCommand.run(options) { plan, storage in
                let manifests = try Modules.served(id, by: plan)
                let switches = try await SwitchBoard(storage: storage).current()
                let before = switches.modulesOff(among: manifests)
                guard before[id] == nil else {
                    print("\(id) is off already (\(before[id] ?? "")).")
                    return
                }
                let with = switches.modulesOff(among: manifests, adding: [id]).filter { $0.key != id && before[$0.key] == nil }
                for (module, why) in with.sorted(by: { $0.key < $1.key }) { print("\(module) goes off with it: it \(why).") }
                try await SwitchCommand.change(storage, reason: reason, what: "\(id) off") { switches, change in
                    switches.modules[id] = HostSwitches.ModuleState(isOn: false, change: change)
                }
            }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "enable", abstract: "Switch a module the configuration serves on again on every host now.")

        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The module's id.") var id: String
        @Option(help: "Why (kept with the change).") var reason: String

        func run() async throws {
            try await SwitchCommand.run(options) { plan, storage in
                _ = try Modules.served(id, by: plan)
                try await SwitchCommand.change(storage, reason: reason, what: "\(id) on") { switches, change in
                    switches.modules[id] = HostSwitches.ModuleState(isOn: true, change: change)
                }
            }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset", abstract: "Give a module back to the configuration file on every host (on, when the file lists it).")

        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The module's id.") var id: String
        @Option(help: "Why (kept with the change).") var reason = "back to the configuration file"

        func run() async throws {
            let id = self.id
            try await SwitchCommand.reset(
                id, options: options, reason: reason, isSwitched: { $0.modules[id] != nil }, clear: { $0.modules[id] = nil })
        }
    }

    /// The manifests of the modules `plan` serves; throws when `id` is not one of them.
    static func served(_ id: String, by plan: HostPlan) throws -> [ModuleManifest] {
        let manifests = plan.registry.modules.map(\.manifest)
        guard manifests.contains(where: { $0.id == id }) else {
            throw SwitchProblem(
                "the configuration does not serve a module '\(id)' (it serves \(manifests.map(\.id).joined(separator: ", ").ifEmpty("none"))): a switch turns on or off only what the file lists"
            )
        }
        return manifests
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
