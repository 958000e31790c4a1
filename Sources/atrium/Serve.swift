import ArgumentParser
import AtriumHost

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Validate the configuration, boot the modules and serve them (the default).")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let bootLogger = Console.logger()
        let plan = try await options.plan(logger: bootLogger)
        let logger = Console.logger(level: plan.settings.log.level)
        let options = self.options
        // SIGHUP reads the same file (or the defaults) again.
        try await HostRuntime(plan: plan, logger: logger).serve(reloading: { metrics in
            try await HostPlan.prepare(source: try await options.source(), catalog: options.catalog, logger: logger, metrics: metrics)
        })
    }
}
