import ArgumentParser
import AtriumHost
import Logging

/// `--config PATH`, shared by every subcommand.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .long, help: "The YAML configuration file (default: \(ConfigurationFile.defaultPath), else the built-in defaults).")
    var config: String?

    var file: ConfigurationFile { ConfigurationFile(path: config) }

    func source() async throws -> ConfigurationSource { try await file.source() }

    var catalog: [ModuleEntry] { file.catalog }

    func plan(logger: Logger) async throws -> HostPlan { try await file.plan(logger: logger) }
}
