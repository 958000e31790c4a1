import AtriumActions
import AtriumConfiguration
import AtriumEvents
import AtriumHTTP
import AtriumListener
import AtriumLive
import AtriumObservability
import AtriumPostgres
import AtriumRuntime
import AtriumSDK
import AtriumStorage
import AtriumSupport
import Foundation
import Hummingbird
import Logging
import NIOPosix
import ServiceLifecycle

/// Runs a prepared host: opens storage, runs the modules' migrations in boot order, serves until
/// SIGTERM or SIGINT (finishing requests in flight), then shuts the modules down in reverse order.
package struct HostRuntime: Sendable {
    package let plan: HostPlan
    package let logger: Logger
    /// The database, if it was opened while the modules registered.
    let earlyStorage: EarlyStorage?
    #if os(Linux)
        /// What the host this one takes over from handed it (`atrium serve --take-over`).
        package var take: HandOverTake?
    #endif

    /// The lock file handed over with the socket, when this host takes over.
    private var handedLock: Int32? {
        #if os(Linux)
            take?.lock
        #else
            nil
        #endif
    }

    package init(plan: HostPlan, logger: Logger, earlyStorage: EarlyStorage? = nil) {
        self.plan = plan
        self.logger = logger
        self.earlyStorage = earlyStorage
    }

    /// Starts the event loop threads the server and the modules' HTTP client use (NIO's singleton
    /// group) on another core, so they are running by the time the server binds rather than being
    /// started then: about a millisecond of a boot, spent beside reading the configuration. Then a
    /// connection is rehearsed there (see ``ConnectionRehearsal``).
    package static func startEventLoops() {
        // Off the boot's task: starting threads blocks (Dispatch's work item shares the tasks'
        // threads on Linux, but runs beside the configuration's reading rather than before it).
        DispatchQueue.global().async {
            _ = MultiThreadedEventLoopGroup.singleton
            Task { await ConnectionRehearsal.run() }
        }
    }

    /// Opens the storage and runs every module's pending migrations. A database that cannot be
    /// opened or reached, or (when `serving`) an SQLite file another host serves, is a
    /// ``ConfigurationError`` at `storage.path` or `storage.url`.
    package func openStorage(serving: Bool = false, handedLock: Int32? = nil) async throws -> any HostStorage {
        try await openPreparedStorage(serving: serving, handedLock: handedLock).storage
    }

    /// ``openStorage(serving:handedLock:)``, with the run-time switches when they were read as the
    /// database was opened early (``prepareEarly(_:)``).
    private func openPreparedStorage(serving: Bool, handedLock: Int32?) async throws -> (storage: any HostStorage, switches: HostSwitches?) {
        do {
            _ = try plan.hostKey.key()
        } catch {
            await earlyStorage?.discard()
            throw problem(key: "secrets", message: error.description)
        }
        let (storage, early) = try await connectStorage()
        BootTrace.mark("connected")
        if let handedLock, let sqlite = storage as? SQLiteStorage {
            // Taking over: the claim is the serving host's, passed on; both serve the file until it exits.
            sqlite.adoptClaim(handedLock)
            do {
                try sqlite.shareWithAnotherProcess()
            } catch {
                try? storage.close()
                throw problem(key: "storage.path", message: "the database cannot be watched beside the host handing over: \(error)")
            }
        } else if serving {
            do {
                try storage.claimForServing()
            } catch {
                try? storage.close()
                throw problem(
                    key: "storage.path", message: "\(error)",
                    fix:
                        "to replace it without a pause, start this one with `atrium serve --take-over`; else stop the other host, or give this one its own storage.path (several hosts share storage.kind: postgres)"
                )
            }
        }
        do {
            if early == nil { try await Self.makeTables(on: storage) }
            BootTrace.mark("tables")
            // The modules' own migrations run in the background once the host serves
            // (``ModuleMigrationService``); a build older than the data does not serve it.
            if serving {
                let records: [MigrationRecord]
                if let read = early?.migrationRecords { records = read } else { records = try await storage.migrationRecords() }
                try ModuleMigrations.refuseOlderBuild(plan.registry.modules, records: records)
            }
            for module in plan.registry.modules { module.connect(to: storage) }
            return (storage, early?.switches)
        } catch let older as ModuleMigrations.OlderThanData {
            try? storage.close()
            throw problem(key: "modules", message: older.description)
        } catch {
            try? storage.close()
            throw StorageErrorText.plain(error)
        }
    }

    /// The configuration error of one problem, at `key`.
    private func problem(key: String, message: String, fix: String? = nil) -> ConfigurationError {
        ConfigurationError(source: plan.source, problems: [ConfigurationProblem(key: key, message: message, fix: fix)])
    }

    /// The host's own tables in its database, each made once: the module events' outbox, the
    /// outcomes of actions sent with an Idempotency-Key, and the fleet list. Made before anything
    /// reads the file: on SQLite a migration is a barrier that waits for every read in progress, so
    /// one made once the host serves (the heartbeat's first beat did) could hold up every request.
    static func makeTables(on storage: any HostStorage) async throws {
        try await EventOutboxes.prepare(storage)
        try await ActionOutcomes.prepare(storage)
        try await HostFleet.prepare(storage)
    }

    /// What a host does on its database before it serves that needs nothing of the modules: its
    /// tables made, the run-time switches and the migrations' records read. `atrium serve` has it
    /// done as soon as the database is open (``EarlyStorage``), beside the modules' registration;
    /// what fails there the host does again itself (and says what fails). A switch stored meanwhile
    /// is as one stored just after the read: the switches' poll applies it. A contract migration
    /// applied meanwhile is missed as one applied between the read and serving always could be:
    /// that moment is a few milliseconds longer.
    package static func prepareEarly(_ storage: any HostStorage) async throws -> any Sendable {
        try await makeTables(on: storage)
        return EarlyPreparation(
            switches: try? await SwitchBoard(storage: storage).current(), migrationRecords: try? await storage.migrationRecords())
    }

    /// What ``prepareEarly(_:)`` read (each nil when it could not be read: read again).
    struct EarlyPreparation: Sendable {
        var switches: HostSwitches?
        /// The modules' migrations as stored (which a build must know: ``ModuleMigrations/refuseOlderBuild(_:records:)``).
        var migrationRecords: [MigrationRecord]?
    }

    private func connectStorage() async throws -> (storage: any HostStorage, early: EarlyPreparation?) {
        let settings = plan.settings.storage
        switch settings.kind {
        case .sqlite:
            do {
                if let opened = try await earlyStorage?.takePrepared(path: settings.path) {
                    return (opened.storage, opened.prepared as? EarlyPreparation)
                }
                return (try SQLiteStorage(path: settings.path), nil)
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
                return (
                    try await PostgresStorage.open(
                        address: address, poolSize: settings.poolSize, timeout: .seconds(settings.timeout), logger: logger), nil
                )
            } catch let error as PostgresUnavailable {
                throw problem(key: "storage.url", message: error.description, fix: error.fix)
            } catch {
                throw problem(
                    key: "storage.url", message: "the host's tables on \(address) cannot be made: \(String(reflecting: error))",
                    fix: "give user '\(address.user)' the right to create tables in database '\(address.database)'")
            }
        }
    }

    /// Serves until SIGTERM or SIGINT under swift-service-lifecycle: the host drains
    /// (``HostDrain``), the configuration reload, the live streams, the event deliveries and the
    /// session purge stop, the server finishes the requests in flight, then the modules of the
    /// configuration served last shut down in reverse boot order and the storage closes. `listener`
    /// is the server already started (see ``HostListener``); without one, it starts here. With
    /// `reloading`, SIGHUP reads the configuration again (see ``ConfigurationReloader``).
    package func serve(reloading loadPlan: ConfigurationReloader.PlanLoader? = nil, listener started: HostListener? = nil) async throws {
        let listener = started ?? HostListener(settings: plan.settings.http, logger: logger)
        // Spans from the first request on (the stores made from here on are traced); tracing that
        // cannot start leaves the host serving untraced.
        let traceExport: TraceExport?
        do {
            traceExport = try TraceExport.start(plan.settings.tracing, metrics: plan.metrics, logger: logger)
        } catch {
            logger.error("tracing could not start; serving without it", metadata: ["error": "\(error)"])
            traceExport = nil
        }
        let booted: Booted
        do {
            booted = try await boot(listener: listener)
        } catch {
            await listener.abandon()
            await traceExport?.stop()
            throw error
        }
        let (storage, sessions, live, generation, heartbeat) = (booted.storage, booted.sessions, booted.live, booted.generation, booted.heartbeat)
        BootTrace.mark("fleet")
        #if os(Linux)
            // Booted: the host handing over stops accepting, then this one accepts.
            if let take, let sqlite = storage as? SQLiteStorage {
                do {
                    try await take.ready(storage: sqlite, logger: logger)
                } catch {
                    try? await HostFleet.leave(heartbeat.member.id, on: storage)
                    await shutDown(generation.plan.registry.modules, storage: storage)
                    await listener.abandon()
                    await traceExport?.stop()
                    throw error
                }
            }
        #endif
        listener.begin(generation)
        let ids = plan.registry.modules.map(\.manifest.id)
        logger.info(
            "serving",
            metadata: [
                "address": "http://\(plan.settings.http.host):\(plan.settings.http.port)",
                "modules": "\(ids.joined(separator: ","))",
                "storage": "\(storage.location)",
            ]
        )
        await addServices(
            to: listener, storage: storage, sessions: sessions, live: live, generation: generation, heartbeat: heartbeat, reloading: loadPlan)
        var failure: (any Error)?
        do {
            try await listener.stopped(source: plan.source)
        } catch {
            failure = error
        }
        // The server has finished its requests (or failed): the modules of the configuration served
        // last stop, then the storage closes.
        await shutDown((listener.responder.generation ?? generation).plan.registry.modules, storage: storage)
        // Last: the spans of the final requests and of the modules' shutdown are sent.
        await traceExport?.stop()
        if let failure { throw failure }
    }

    /// What a host has made by the time it can serve.
    private struct Booted {
        let storage: any HostStorage
        let sessions: SessionStore
        let live: LiveScenes
        let generation: ServingGeneration
        let heartbeat: FleetHeartbeat
    }

    /// Opens and claims the storage, applies the run-time switches, builds the router and joins
    /// the fleet list: everything before the host serves (the storage closed again on failure).
    private func boot(listener: HostListener) async throws -> Booted {
        let (storage, switches) = try await openPreparedStorage(serving: true, handedLock: handedLock)
        BootTrace.mark("storage")
        do {
            let sessions = try SessionStore(storage: storage, hostKey: plan.hostKey)
            // One set of live streams for every configuration this host serves (a reload keeps them).
            let live = LiveScenes(feed: storage.changes)
            // Draining: no new streams (their clients are told to try again, elsewhere).
            listener.drain.whenDraining { live.refuseNew() }
            let switched = await switched(plan, storage: storage, read: switches)
            BootTrace.mark("switches")
            live.switchOff(Set(switched.modulesOff.keys))
            // The host joins the fleet list while its router is built: the join waits on the disk
            // (a write), the router on a core; both are done before it serves.
            let joining = joinFleet(storage: storage, listener: listener, serving: switched)
            let generation: ServingGeneration
            do {
                generation = ServingGeneration(
                    plan: switched, router: try HostApplication(plan: switched, storage: storage, live: live, logger: logger).makeRouter())
            } catch {
                try? await HostFleet.leave(await joining.value.member.id, on: storage)
                throw error
            }
            BootTrace.mark("router")
            return Booted(storage: storage, sessions: sessions, live: live, generation: generation, heartbeat: await joining.value)
        } catch {
            try? storage.close()
            throw error
        }
    }

    /// The services that run beside the server once the host has booted, each stopping before the
    /// server does (in the reverse order): the session purge, the event delivery, the live streams'
    /// end, the fleet list, and with `loadPlan` the configuration's reload on SIGHUP.
    private func addServices(
        to listener: HostListener, storage: any HostStorage, sessions: SessionStore, live: LiveScenes, generation: ServingGeneration,
        heartbeat: FleetHeartbeat, reloading loadPlan: ConfigurationReloader.PlanLoader?
    ) async {
        let responder = listener.responder
        await listener.add(
            SessionPurgeService(
                sessions: sessions, storage: storage, modules: { (responder.generation ?? generation).plan.registry.modules },
                interval: .seconds(3600),
                logger: logger), named: "session purge")
        await listener.add(
            EventDeliveryService(
                storage: storage,
                current: {
                    let plan = (responder.generation ?? generation).plan
                    return (plan.events, plan.settings.events)
                }, metrics: plan.metrics, logger: logger), named: "event delivery")
        await listener.add(LiveScenesShutdown(live: live), named: "live scenes")
        await listener.add(heartbeat, named: "fleet")
        await listener.add(
            ModuleMigrationService(
                storage: storage, host: heartbeat.member.id, logger: logger, modules: { (responder.generation ?? generation).plan.registry.modules }),
            named: "module migrations")
        #if os(Linux)
            // One machine: a new process may take this one's socket over (SQLite only: on PostgreSQL
            // hosts are restarted one at a time behind a balancer).
            if let sqlite = storage as? SQLiteStorage {
                await listener.add(HandOverOffer(storage: sqlite, listener: listener, take: take, logger: logger), named: "hand-over")
            }
        #endif
        if let loadPlan {
            let board = SwitchBoard(storage: storage)
            await listener.add(
                ConfigurationReloader(
                    responder: listener.responder, storage: storage, live: live,
                    loadPlan: { metrics in try await loadPlan(metrics).applying(board.current()) }, logger: logger, drain: listener.drain,
                    applied: { await heartbeat.beat() }),
                named: "configuration reload")
        }
    }

    /// `plan` with the run-time switches stored now; a host that cannot read them serves the
    /// configuration file alone and says so.
    private func switched(_ plan: HostPlan, storage: any HostStorage, read early: HostSwitches?) async -> HostPlan {
        do {
            let switches: HostSwitches
            if let early { switches = early } else { switches = try await SwitchBoard(storage: storage).current() }
            let switched = plan.applying(switches)
            for (module, why) in switched.modulesOff.sorted(by: { $0.key < $1.key }) {
                logger.notice("module switched off: its pages answer 503 until it is on again", metadata: ["module": "\(module)", "why": "\(why)"])
            }
            return switched
        } catch {
            logger.error("the run-time switches could not be read; serving the configuration file alone", metadata: ["error": "\(error)"])
            return plan
        }
    }

    /// Puts this host in the fleet list before it serves (or takes over), so that a subscription
    /// it brings gets every event published once it serves (``FleetHeartbeat/announce()``): begun
    /// at once, beside what the host does before serving; the task's value is its heartbeat.
    private func joinFleet(storage: any HostStorage, listener: HostListener, serving plan: HostPlan) -> Task<FleetHeartbeat, Never> {
        let heartbeat = FleetHeartbeat(
            storage: storage, member: Self.fleetMember(id: UUID().uuidString.lowercased(), serving: plan), drain: listener.drain,
            logger: logger,
            // Until the host serves (its first generation is the plan's), `plan`.
            serving: { listener.responder.generation?.plan ?? plan })
        return Task {
            await heartbeat.announce()
            return heartbeat
        }
    }

    /// A host serving `plan` as the fleet list shows it, as it starts.
    package static func fleetMember(id: String, serving plan: HostPlan) -> FleetMember {
        let now = Date().timeIntervalSince1970
        return FleetMember(
            id: id, address: plan.settings.http.effectivePublicURL, machine: ProcessInfo.processInfo.hostName,
            pid: Int(getpid()), build: BuildID.current, modules: Self.versions(of: plan), state: "serving", startedAt: now, lastSeen: now,
            migrations: ModuleMigrations.known(by: plan.registry.modules), subscriptions: plan.events.readers.map(\.text),
            switches: plan.switches.generation)
    }

    /// The modules `plan` serves, by id, with their versions.
    static func versions(of plan: HostPlan) -> [String: String] {
        Dictionary(plan.registry.modules.map { ($0.manifest.id, $0.manifest.version) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each module's shutdown handlers, in reverse boot order, then the storage closes.
    func shutDown(_ modules: [BootedModule], storage: any HostStorage) async {
        await ConfigurationReloader.shutDown(modules, logger: logger)
        try? storage.close()
        logger.info("stopped")
    }
}
