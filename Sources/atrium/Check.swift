import ArgumentParser
@_spi(AtriumHost) import AtriumHost

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate the configuration and report every problem; serve nothing.")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let plan = try await options.plan(logger: Console.logger(level: .warning))
        let ids = plan.registry.modules.map(\.manifest.id)
        let modules = ids.isEmpty ? "no modules" : "\(ids.count) module(s) (\(ids.joined(separator: ", ")))"
        print("\(plan.source) is valid: \(modules), \(plan.registry.routes.count) route(s).")
    }
}
