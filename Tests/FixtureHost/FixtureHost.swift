import AtriumConfiguration
import AtriumFixtures
import AtriumHost
import AtriumObservability
import AtriumRuntime
import Foundation
import Logging

/// Serves the fixture modules with a configuration file, for the browser tests and the benchmark
/// of a rolling deploy: `atrium-fixture-host CONFIG.yaml`. The ledger is served in the version its
/// section names (`ledger.version`: 1 or 2; see ``LedgerVersions``).
@main
enum FixtureHost {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 1 || (arguments.count == 3 && ["on", "off"].contains(arguments[2])) else {
            FileHandle.standardError.write(Data("usage: atrium-fixture-host CONFIG.yaml [MODULE on|off]\n".utf8))
            exit(64)
        }
        var logger = Logger(label: "atrium-fixture-host") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .info
        do {
            let path = arguments[0]
            let plan = try await plan(path, logger: logger)
            if arguments.count == 3 {
                try await switchModule(arguments[1], on: arguments[2] == "on", plan: plan, logger: logger)
                return
            }
            // SIGHUP and the run-time switches read the file again, as `atrium serve` does.
            let hostLogger = logger
            try await HostRuntime(plan: plan, logger: logger).serve(reloading: { metrics in
                try await Self.plan(path, logger: hostLogger, metrics: metrics)
            })
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }

    static func plan(_ path: String, logger: Logger, metrics: HostMetrics = HostMetrics()) async throws -> HostPlan {
        let source = try await ConfigurationSource.load(path: path)
        let catalog = FixtureCatalog.modules + [LedgerVersions.module(version: ledgerVersion(in: source))]
        return try await HostPlan.prepare(source: source, catalog: catalog.map(ModuleEntry.init), logger: logger, metrics: metrics)
    }

    /// `atrium-fixture-host CONFIG.yaml MODULE on|off`: switches a module on every host of the
    /// configuration's database, as `atrium modules enable|disable` does for the shipped modules.
    static func switchModule(_ module: String, on: Bool, plan: HostPlan, logger: Logger) async throws {
        let storage = try await HostRuntime(plan: plan, logger: logger).openStorage()
        defer { try? storage.close() }
        let switches = try await SwitchBoard(storage: storage).change(by: "fixture", reason: "test", what: "\(module) \(on ? "on" : "off")") {
            switches, change in switches.modules[module] = HostSwitches.ModuleState(isOn: on, change: change)
        }
        print(switches.generation)
    }

    /// The ledger version the configuration asks for; 1 when it names none (a version this build
    /// lacks is reported by the ledger's section).
    static func ledgerVersion(in source: ConfigurationSource) -> Int {
        guard case .scalar(let text)? = source.tree.subtree(at: ["ledger", "version"]) else { return 1 }
        return Int(text) ?? 1
    }
}
