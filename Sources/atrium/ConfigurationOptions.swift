import ArgumentParser
import AtriumConfiguration
import AtriumHost
import AtriumRuntime
import AtriumStorage
import Foundation
import Logging

/// `--config PATH`, shared by every subcommand.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .long, help: "The YAML configuration file (default: \(ConfigurationFile.defaultPath), else the built-in defaults).")
    var config: String?

    var file: ConfigurationFile { ConfigurationFile(path: config) }

    func source() async throws -> ConfigurationSource { try await file.source() }

    var catalog: [ModuleEntry] { file.catalog }

    func plan(logger: Logger) async throws -> HostPlan { try await file.plan(logger: logger) }

    /// The configuration's plan and its storage opened (migrations run; beside a serving host is
    /// fine), for commands that read or change data; a configuration or storage problem is printed
    /// and exits with status 1.
    func openStorage(logger: Logger) async throws -> (plan: HostPlan, storage: any HostStorage) {
        let plan = try await plan(logger: logger)
        do {
            return (plan, try await HostRuntime(plan: plan, logger: logger).openStorage())
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
