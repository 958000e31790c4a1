@_spi(AtriumHost) import AtriumSDK
import Foundation
import Hummingbird
import Logging
import NIOPosix
import ServiceLifecycle

/// Runs a prepared host: opens storage, runs the modules' migrations in boot order, serves until
/// SIGTERM or SIGINT (finishing requests in flight), then shuts the modules down in reverse order.
public struct HostRuntime: Sendable {
    public let plan: HostPlan
    public let logger: Logger
    /// The database, if it was opened while the modules registered.
    let earlyStorage: EarlyStorage?

    public init(plan: HostPlan, logger: Logger, earlyStorage: EarlyStorage? = nil) {
        self.plan = plan
        self.logger = logger
        self.earlyStorage = earlyStorage
    }

    /// Starts the event loop threads the server and the modules' HTTP client use (NIO's singleton
    /// group) on another core, so they are running by the time the server binds rather than being
    /// started then: about a millisecond of a boot, spent beside reading the configuration.
    public static func startEventLoops() {
        Task.detached { _ = MultiThreadedEventLoopGroup.singleton }
    }

    /// Opens the storage and runs every module's pending migrations. A database that cannot be
    /// opened or reached, or (when `serving`) an SQLite file another host serves, is a
    /// ``ConfigurationError`` at `storage.path` or `storage.url`.
    public func openStorage(serving: Bool = false) async throws -> any HostStorage {
        do {
            _ = try plan.hostKey.key()
        } catch {
            await earlyStorage?.discard()
            throw problem(key: "secrets", message: error.description)
        }
        let storage = try await connectStorage()
        if serving {
            do {
                try storage.claimForServing()
            } catch {
                try? storage.close()
                throw problem(
                    key: "storage.path", message: "\(error)",
                    fix: "stop the other host, or give this one its own storage.path (several hosts share storage.kind: postgres)")
            }
        }
        do {
            for module in plan.registry.modules {
                try await storage.migrate(module: module.manifest.id, migrations: module.migrations)
                module.sharedRecords.connect(to: storage.records(module: module.manifest.id, owner: .shared))
            }
        } catch {
            try? storage.close()
            throw error
        }
        return storage
    }

    /// The configuration error of one problem, at `key`.
    private func problem(key: String, message: String, fix: String? = nil) -> ConfigurationError {
        ConfigurationError(source: plan.source, problems: [ConfigurationProblem(key: key, message: message, fix: fix)])
    }

    private func connectStorage() async throws -> any HostStorage {
        let settings = plan.settings.storage
        switch settings.kind {
        case .sqlite:
            do {
                if let opened = try await earlyStorage?.take(path: settings.path) { return opened }
                return try SQLiteStorage(path: settings.path)
            } catch {
                throw problem(
                    key: "storage.path", message: "the database '\(settings.path)' cannot be opened: \(error)",
                    fix: "name a database file this user can read and write")
            }
        case .postgres:
            // The plan checked the address; a problem here is the server's.
            guard let address = settings.postgresAddress else {
                throw problem(key: "storage.url", message: "is missing")
            }
            do {
                return try await PostgresStorage.open(
                    address: address, poolSize: settings.poolSize, timeout: .seconds(settings.timeout), logger: logger)
            } catch let error as PostgresUnavailable {
                throw problem(key: "storage.url", message: error.description, fix: error.fix)
            } catch {
                throw problem(
                    key: "storage.url", message: "the host's tables on \(address) cannot be made: \(String(reflecting: error))",
                    fix: "give user '\(address.user)' the right to create tables in database '\(address.database)'")
            }
        }
    }

    /// Serves until SIGTERM or SIGINT under swift-service-lifecycle: the server finishes the
    /// requests in flight, then the session purge stops, then the modules shut down in reverse boot
    /// order and the storage closes. With `reloading`, SIGHUP reads the configuration again
    /// (see ``ConfigurationReloader``).
    public func serve(reloading loadPlan: ConfigurationReloader.PlanLoader? = nil) async throws {
        let storage = try await openStorage(serving: true)
        BootTrace.mark("storage")
        let sessions = try SessionStore(storage: storage, hostKey: plan.hostKey)
        let responder = ReloadableResponder(try ServingGeneration(application: HostApplication(plan: plan, storage: storage, logger: logger)))
        BootTrace.mark("router")
        let ids = plan.registry.modules.map(\.manifest.id)
        logger.info(
            "serving",
            metadata: [
                "address": "http://\(plan.settings.http.host):\(plan.settings.http.port)",
                "modules": "\(ids.joined(separator: ","))",
                "storage": "\(storage.location)",
            ]
        )
        let application = Application(
            responder: responder,
            configuration: .init(address: .hostname(plan.settings.http.host, port: plan.settings.http.port), serverName: "Atrium"),
            onServerRunning: { _ in BootTrace.mark("bound") },
            logger: logger
        )
        // Services start in order and stop in the reverse order. Each is named: without a name the
        // group describes the service by reflecting all of it (the whole router), a third of boot.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: ModulesService(runtime: self, responder: responder, storage: storage), serviceName: "modules"),
            .init(service: SessionPurgeService(sessions: sessions, interval: .seconds(3600), logger: logger), serviceName: "session purge"),
        ]
        if let loadPlan {
            services.append(
                .init(
                    service: ConfigurationReloader(responder: responder, storage: storage, loadPlan: loadPlan, logger: logger),
                    serviceName: "configuration reload"))
        }
        services.append(.init(service: application, serviceName: "http server"))
        let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    func shutDown(_ modules: [BootedModule], storage: any HostStorage) async {
        await ConfigurationReloader.shutDown(modules, logger: logger)
        try? storage.close()
        logger.info("stopped")
    }
}

/// The modules' lifetime as a service: nothing while the host serves; at shutdown (after the server
/// has finished its requests) each module's shutdown handlers, in reverse boot order, then the
/// storage closes.
struct ModulesService: Service {
    let runtime: HostRuntime
    /// The configuration served last: after a reload, its modules are the ones running.
    let responder: ReloadableResponder
    let storage: any HostStorage

    func run() async throws {
        try? await gracefulShutdown()
        await runtime.shutDown(responder.generation.plan.registry.modules, storage: storage)
    }
}
