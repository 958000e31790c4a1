import ArgumentParser
import AtriumHTTP
import AtriumHost
import AtriumListener
import AtriumObservability
import AtriumRuntime
import AtriumStorage

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Validate the configuration, boot the modules and serve them (the default).")

    @OptionGroup var options: ConfigurationOptions

    @Flag(
        help: """
            Take over from the host serving this configuration's SQLite database, without a pause: its \
            listening socket is handed to this process, which accepts once it has booted; the other host \
            then drains and exits. With no host serving it, serve as usual.
            """)
    var takeOver = false

    func run() async throws {
        try await Self.serve(options.file, takingOver: takeOver)
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

    static func serve(_ file: ConfigurationFile, takingOver: Bool = false) async throws {
        BootTrace.mark("serve")
        HostRuntime.startEventLoops()
        let bootLogger = Console.logger()
        // Once the host's own settings are read, the database opens and the server binds its port
        // on the other core while the modules register.
        let earlyStorage = EarlyStorage()
        var listener: HostListener?
        var logger = bootLogger
        var handedOver = HandedOver()
        let plan: HostPlan
        do {
            plan = try await file.plan(
                logger: bootLogger,
                settingsRead: { settings in
                    earlyStorage.start(settings.storage, preparing: HostRuntime.prepareEarly)
                    logger = Console.logger(level: settings.log.level, format: settings.log.format)
                    if takingOver { handedOver = HandedOver(storage: settings.storage, logger: logger) }
                    listener = HostListener(settings: settings.http, logger: logger, handedSocket: handedOver.socket)
                })
            try handedOver.check()
        } catch {
            await listener?.abandon()
            await earlyStorage.discard()
            throw error
        }
        BootTrace.mark("planned")
        // SIGHUP reads the same file (or the defaults) again.
        let hostLogger = logger
        var runtime = HostRuntime(plan: plan, logger: hostLogger, earlyStorage: earlyStorage)
        #if os(Linux)
            runtime.take = handedOver.take
        #endif
        try await runtime.serve(
            reloading: { metrics in
                try await HostPlan.prepare(source: try await file.source(), catalog: file.catalog, logger: hostLogger, metrics: metrics)
            }, listener: listener)
    }
}
