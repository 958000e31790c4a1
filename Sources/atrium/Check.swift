import ArgumentParser
import AtriumConfiguration
import AtriumHost
import AtriumPostgres
import AtriumStorage
import Foundation

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate the configuration and report every problem; serve nothing.")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let logger = Console.logger(level: .warning)
        let plan = try await options.plan(logger: logger)
        var storage = "storage: \(plan.settings.storage.path)"
        if plan.settings.storage.kind == .postgres, let address = plan.settings.storage.postgresAddress {
            // The server is part of the configuration: say now if it cannot be reached or refuses.
            do {
                try await PostgresStorage.check(address: address, logger: logger)
            } catch let error as PostgresUnavailable {
                let problem = ConfigurationProblem(key: "storage.url", message: error.description, fix: error.fix)
                FileHandle.standardError.write(Data((ConfigurationError(source: plan.source, problems: [problem]).description + "\n").utf8))
                throw ExitCode(1)
            }
            storage = "storage: \(address), reached"
        }
        let ids = plan.registry.modules.map(\.manifest.id)
        let modules = ids.isEmpty ? "no modules" : "\(ids.count) module(s) (\(ids.joined(separator: ", ")))"
        print("\(plan.source) is valid: \(modules), \(plan.registry.routes.count) route(s), \(storage).")
    }
}
