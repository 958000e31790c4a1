import AtriumConfiguration
import AtriumFixtures
import AtriumHost
import AtriumRuntime
import Foundation
import Logging

/// Serves the fixture modules with a configuration file, for the browser tests:
/// `atrium-fixture-host CONFIG.yaml`.
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
            let plan = try await HostPlan.prepare(source: source, catalog: FixtureCatalog.modules.map(ModuleEntry.init), logger: logger)
            try await HostRuntime(plan: plan, logger: logger).serve()
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }
}
