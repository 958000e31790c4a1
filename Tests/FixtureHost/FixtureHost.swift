import AtriumConfiguration
import AtriumFixtures
import AtriumHost
import AtriumRuntime
import Foundation
import Logging

/// Serves the fixture modules with a configuration file, for the browser tests and the benchmark
/// of a rolling deploy: `atrium-fixture-host CONFIG.yaml`. The ledger is served in the version its
/// section names (`ledger.version`: 1 or 2; see ``LedgerVersions``).
@main
enum FixtureHost {
    static func main() async throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: atrium-fixture-host CONFIG.yaml\n".utf8))
            exit(64)
        }
        var logger = Logger(label: "atrium-fixture-host") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .info
        do {
            let source = try await ConfigurationSource.load(path: CommandLine.arguments[1])
            let catalog = FixtureCatalog.modules + [LedgerVersions.module(version: ledgerVersion(in: source))]
            let plan = try await HostPlan.prepare(source: source, catalog: catalog.map(ModuleEntry.init), logger: logger)
            try await HostRuntime(plan: plan, logger: logger).serve()
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }

    /// The ledger version the configuration asks for; 1 when it names none (a version this build
    /// lacks is reported by the ledger's section).
    static func ledgerVersion(in source: ConfigurationSource) -> Int {
        guard case .scalar(let text)? = source.tree.subtree(at: ["ledger", "version"]) else { return 1 }
        return Int(text) ?? 1
    }
}
