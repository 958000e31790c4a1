import AtriumConfiguration
import AtriumEvents
import AtriumHost
import AtriumRuntime
import AtriumSDK
import AtriumStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization

/// A host booted in-process for tests: a temporary configuration file and database (SQLite, or a
/// schema of its own on PostgreSQL: see ``TestStorage``) and the modules you name, serving requests
/// in-process to a ``TestBrowser``.
///
/// ```swift
/// let host = try await TestHost.boot(modules: [PilotModule.self], configuration: "modules: [pilot]")
/// try await host.run { browser in
///     let page = try await browser.get("/pilot")
///     #expect(page.status == 200)
/// }
/// ```
public struct TestHost: Sendable {
    /// What the host booted: its settings, modules and routes.
    package let plan: HostPlan
    /// The host's database.
    package let storage: any HostStorage
    /// The temporary folder of the host's configuration and database.
    public let directory: URL
    /// The services the modules were given: move ``TestServices/clock``, script ``TestServices/random``.
    public let services: TestServices
    /// Where the host's log lines go, when the test asked to read them.
    public let log: TestLog?
    /// This host's id in the fleet list, once it joined it (``joinFleet()``).
    public let fleetID = UUID().uuidString.lowercased()
    /// Its beats while it is in the fleet list.
    let fleetBeats = FleetBeats()
    private let sceneReadLog = ReadLog()

    /// What the scenes served so far read.
    private final class ReadLog: Sendable {
        let reads = Mutex<[SceneReads]>([])
    }

    /// Boots `modules` with `configuration` (YAML; `storage` is set to a temporary database of the
    /// `storage` kind unless given). Two hosts booted on one `directory` share one database: on
    /// PostgreSQL they stand for two hosts behind a load balancer. With `log`, every line the host
    /// and its modules write is kept there. Throws `ConfigurationError` when the configuration is
    /// invalid, or names the contract migration the database has applied and these modules lack.
    public static func boot(
        modules: [any AtriumModule.Type],
        configuration yaml: String,
        environment: [String: String] = [:],
        directory: URL? = nil,
        services: TestServices = TestServices(),
        storage backend: TestStorage = .forHosts,
        log: TestLog? = nil
    ) async throws -> TestHost {
        let logger = log?.logger ?? Self.logger
        let directory = directory ?? FileManager.default.temporaryDirectory.appending(path: "atrium-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "atrium.yaml")
        var text = yaml
        if !yaml.contains("storage:") {
            text += "\n" + backend.section(for: directory)
        }
        if !yaml.contains("secrets:") {
            // The host key lives beside the database, so a host booted again on the same folder
            // still knows its visitors.
            text += "\nsecrets:\n  keyFile: \(directory.appending(path: "secret.key").path)\n"
        }
        try text.write(to: file, atomically: true, encoding: .utf8)
        let source = try await ConfigurationSource.load(path: file.path, environment: environment)
        // bcrypt at its lowest cost keeps tests fast; production uses cost 12.
        let plan = try await HostPlan.prepare(
            source: source,
            catalog: modules.map(ModuleEntry.init),
            logger: logger,
            services: { _, _ in services.services }
        )
        let storage = try await HostRuntime(plan: plan, logger: logger).openStorage()
        do {
            // As a serving host: a build that lacks a contract migration already applied does not boot.
            try ModuleMigrations.refuseOlderBuild(plan.registry.modules, records: try await storage.migrationRecords())
        } catch {
            try? storage.close()
            throw error
        }
        // A test starts on migrated records: every migration the modules declare that may run has
        // run (a contract one waits while a host lacking it is in the fleet list: see `joinFleet()`).
        await ModuleMigrations.runReady(plan.registry.modules, on: storage, host: nil, retryingFailed: true, logger: logger)
        return TestHost(plan: plan, storage: storage, directory: directory, services: services, log: log)
    }

    static var logger: Logger {
        var logger = Logger(label: "atrium-test")
        logger.logLevel = ProcessInfo.processInfo.environment["ATRIUM_TEST_LOG"] == nil ? .critical : .debug
        return logger
    }

    /// Serves requests in-process (no port) to a fresh ``TestBrowser``.
    public func run<Value: Sendable>(_ body: @Sendable (TestBrowser) async throws -> Value) async throws -> Value {
        try await makeApplication().test(.router) { client in
            try await body(TestBrowser(client: client))
        }
    }

    /// Serves the host on a port of this machine (HTTP/1.1 on `localhost`) while `body` runs, and
    /// gives `body` its address: for clients that speak HTTP themselves, such as the native client kit.
    public func serve<Value: Sendable>(_ body: @Sendable (URL) async throws -> Value) async throws -> Value {
        try await makeApplication().test(.live) { client in
            guard let port = client.port, let base = URL(string: "http://localhost:\(port)") else { throw NotServed() }
            return try await body(base)
        }
    }

    struct NotServed: Error {}

    /// The host's application over this host's plan and storage, noting what its scenes read.
    private func makeApplication() throws -> some ApplicationProtocol {
        let reads = sceneReadLog
        let logger = log?.logger ?? Self.logger
        let application = try HostApplication(
            plan: plan, storage: storage, logger: logger, readsObserver: { read in reads.reads.withLock { $0.append(read) } })
        return Application(router: try application.makeRouter(), logger: logger)
    }

    /// Delivers every module event due now to this host's subscribers, as a serving host's
    /// deliverer does when the change feed wakes it; returns when none is due (a retry due later
    /// waits for a later call).
    public func deliverEvents() async {
        await EventDeliveryService(plan: plan, storage: storage, logger: log?.logger ?? Self.logger).deliverDue()
    }

    /// Runs `body` while this host delivers events in the background as a serving host does
    /// (woken by the change feed, sweeping every `events.sweepSeconds`).
    public func deliveringEvents<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        let deliverer = EventDeliveryService(plan: plan, storage: storage, logger: log?.logger ?? Self.logger)
        let running = Task { try await deliverer.run() }
        // The deliverer ends before this returns: a test that tears its host down next must not
        // leave it reading the closed database.
        let result: Result<Value, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        running.cancel()
        _ = await running.result
        return try result.get()
    }

    /// The module events stored and not yet handled (pending or failed), oldest first.
    package func pendingDeliveries() async throws -> [PendingDelivery] { try await outbox.deliveries(limit: 10_000) }

    /// The module events' outbox on this host's storage.
    package var outbox: any EventOutbox { EventOutboxes.outbox(on: storage) }

    /// What each scene served so far read, in order: the records the host knows a page depends on.
    package var sceneReads: [SceneReads] { sceneReadLog.reads.withLock { $0 } }

    /// Everything the host's database holds, as bytes: check that a secret is never stored in the
    /// clear.
    public func storedBytes() async throws -> Data { try await storage.storedBytes() }

    /// Closes the database and deletes the temporary folder.
    public func tearDown() {
        fleetBeats.stop()
        try? storage.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
