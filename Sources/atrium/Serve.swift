import ArgumentParser
import AtriumHost

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Validate the configuration, boot the modules and serve them (the default).")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        try await Self.serve(options.file)
    }

    /// The configuration of a host's launch, read without ArgumentParser: no arguments, or `serve`,
    /// either followed by `--config PATH` or `--config=PATH` (a path that is not empty and does not
    /// start with a dash); nil for anything else.
    static func launchFile(_ arguments: [String]) -> ConfigurationFile? {
        var rest = arguments[...]
        if rest.first == "serve" { rest = rest.dropFirst() }
        let path: String?
        switch (rest.first, rest.count) {
        case (nil, 0):
            path = nil
        case (let option?, 1) where option.hasPrefix("--config="):
            path = String(option.dropFirst("--config=".count))
        case ("--config", 2):
            path = rest.last
        default:
            return nil
        }
        if let path, path.isEmpty || path.hasPrefix("-") { return nil }
        return ConfigurationFile(path: path)
    }

    static func serve(_ file: ConfigurationFile) async throws {
        BootTrace.mark("serve")
        HostRuntime.startEventLoops()
        let bootLogger = Console.logger()
        // The database opens on the other core while the modules register.
        let earlyStorage = EarlyStorage()
        let plan: HostPlan
        do {
            plan = try await file.plan(logger: bootLogger, warningInBackground: true, settingsRead: { earlyStorage.start($0.storage) })
        } catch {
            await earlyStorage.discard()
            throw error
        }
        BootTrace.mark("planned")
        let logger = Console.logger(level: plan.settings.log.level)
        // SIGHUP reads the same file (or the defaults) again.
        try await HostRuntime(plan: plan, logger: logger, earlyStorage: earlyStorage).serve(reloading: { metrics in
            try await HostPlan.prepare(source: try await file.source(), catalog: file.catalog, logger: logger, metrics: metrics)
        })
    }
}
