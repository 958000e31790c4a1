import AtriumPostgres
import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@testable import AtriumEvents
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumStorage

/// Module events on both backends: stored with their write or not at all, handled once per
/// subscriber in each aggregate's order, retried, failed and held back visibly, retried by an
/// operator; on PostgreSQL, two hosts racing to deliver handle each event once.
@Suite("Module events")
struct ModuleEventsTests {
    /// The event the test publisher publishes.
    struct Ping: ModuleEvent, Equatable {
        static let name = "pings.ping"
        static let version = 1
        var aggregate: String
        var number: Int
        var aggregateID: String { aggregate }
    }

    /// What the publisher's endpoint is asked: store a record and publish a ping in one
    /// transaction, and (with `fail`) throw after both.
    struct PublishRequest: Codable {
        var aggregate: String
        var number: Int
        var fail = false
    }

    struct Stored: Codable, Sendable {}
    struct Forced: Error {}

    /// Publishes pings: `POST /pings` with a ``PublishRequest``.
    struct PingModule: AtriumModule {
        static let manifest = ModuleManifest(
            id: "pings", title: "Pings", version: "1.0.0", collections: [StoredCollection("sent", holds: "the pings sent")])

        func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
            let publisher = registrar.publisher(for: Ping.self)
            let records = registrar.sharedRecords
            registrar.endpoint(.post, "/pings") { request in
                let asked = try request.decode(PublishRequest.self)
                try await records.transaction {
                    try await records.save(Stored(), id: "\(asked.aggregate)-\(asked.number)", in: "sent")
                    try await publisher.publish(Ping(aggregate: asked.aggregate, number: asked.number))
                    if asked.fail { throw Forced() }
                }
                return .status(.ok)
            }
        }
    }

    /// Every handler call, by test tag and event id (whether or not its transaction committed).
    static let calls = Mutex<[String: [String: Int]]>([:])
    /// Tags whose handler has stopped failing.
    static let healed = Mutex<Set<String>>([])

    /// Handles pings: appends each one's number to a record per aggregate, in the handler's
    /// transaction. With `failUntilHealed` it throws until the test heals its tag; with
    /// `failures: n` it throws on the first n tries of each event.
    struct PongModule: AtriumModule {
        struct Configuration: ModuleConfiguration {
            var tag = ""
            var failures = 0
            var failUntilHealed = false
            init() {}
        }
        struct Tally: Codable, Sendable, Equatable { var numbers: [Int] }
        struct Refused: Error, CustomStringConvertible { var description: String { "the test refuses this ping" } }

        static let manifest = ModuleManifest(
            id: "pongs", title: "Pongs", version: "1.0.0", collections: [StoredCollection("tallies", holds: "the pings heard, per aggregate")])

        func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
            let records = registrar.sharedRecords
            let tag = configuration.tag
            registrar.subscribe(to: Ping.self) { ping, delivery in
                ModuleEventsTests.calls.withLock { $0[tag, default: [:]][delivery.eventID, default: 0] += 1 }
                ModuleEventsTests.started.withLock { _ = $0.insert(tag) }
                while ModuleEventsTests.blocking.withLock({ $0.contains(tag) }) { try await Task.sleep(for: .milliseconds(10)) }
                try await records.update(Tally.self, id: ping.aggregate, in: "tallies") { tally in
                    tally = Tally(numbers: (tally?.numbers ?? []) + [ping.number])
                }
                if delivery.attempt <= configuration.failures { throw Refused() }
                if configuration.failUntilHealed, !ModuleEventsTests.healed.withLock({ $0.contains(tag) }) { throw Refused() }
            }
        }
    }

    /// Tags whose handler blocks (until the tag is removed), and those whose handler has started.
    static let blocking = Mutex<Set<String>>([])
    static let started = Mutex<Set<String>>([])

    static func host(
        _ backend: TestStorage, tag: String = UUID().uuidString, pongs: String = "", events: String = "", directory: URL? = nil
    ) async throws -> TestHost {
        try await TestHost.boot(
            modules: [PingModule.self, PongModule.self],
            configuration: "modules: [pings, pongs]\npongs:\n  tag: \(tag)\n\(pongs)events:\n  retrySeconds: 0.01\n\(events)",
            directory: directory, storage: backend)
    }

    static func publish(_ browser: TestBrowser, _ aggregate: String, _ number: Int, fail: Bool = false) async throws -> Int {
        let body = String(decoding: try JSONEncoder().encode(PublishRequest(aggregate: aggregate, number: number, fail: fail)), as: UTF8.self)
        return try await browser.send("/pings", method: .post, headers: [.contentType: "application/json"], body: body).status
    }

    static func tally(_ host: TestHost, _ aggregate: String) async throws -> [Int]? {
        try await host.storage.records(module: "pongs", owner: .shared).record(PongModule.Tally.self, id: aggregate, in: "tallies")?.numbers
    }

    static func sent(_ host: TestHost, _ aggregate: String, _ number: Int) async throws -> Bool {
        try await host.storage.records(module: "pings", owner: .shared).record(Stored.self, id: "\(aggregate)-\(number)", in: "sent") != nil
    }

    static func metrics(_ host: TestHost) -> String { String(decoding: host.plan.metrics.exposition(), as: UTF8.self) }

    @Test(arguments: TestStorage.available)
    func aWriteAndItsEventAreStoredTogetherOrNotAtAll(_ backend: TestStorage) async throws {
        let host = try await Self.host(backend)
        defer { host.tearDown() }
        try await host.run { (browser: TestBrowser) async throws in
            #expect(try await Self.publish(browser, "a", 1, fail: true) == 500)
            #expect(try await !Self.sent(host, "a", 1), "the write was undone")
            #expect(try await host.pendingDeliveries().isEmpty, "and so was its event")
            #expect(try await Self.publish(browser, "a", 2) == 200)
            #expect(try await Self.sent(host, "a", 2))
            let stored = try await host.pendingDeliveries()
            #expect(stored.map(\.name) == ["pings.ping"] && stored.first?.subscriber == "pongs" && stored.first?.publisher == "pings")
            #expect(try JSONDecoder().decode(Ping.self, from: try #require(stored.first).payload) == Ping(aggregate: "a", number: 2))
        }
        await host.deliverEvents()
        #expect(try await Self.tally(host, "a") == [2])
        #expect(try await host.pendingDeliveries().isEmpty)
    }

    @Test(arguments: TestStorage.available)
    func eachSubscriberHandlesEachEventOnceInItsAggregatesOrder(_ backend: TestStorage) async throws {
        let tag = UUID().uuidString
        let host = try await Self.host(backend, tag: tag)
        defer { host.tearDown() }
        try await host.run { (browser: TestBrowser) async throws in
            for (aggregate, number) in [("a", 1), ("b", 1), ("a", 2), ("a", 3), ("b", 2)] {
                #expect(try await Self.publish(browser, aggregate, number) == 200)
            }
        }
        await host.deliverEvents()
        #expect(try await Self.tally(host, "a") == [1, 2, 3])
        #expect(try await Self.tally(host, "b") == [1, 2])
        #expect(Self.calls.withLock { $0[tag]?.values.sorted() } == [1, 1, 1, 1, 1], "five events, one call each")
        await host.deliverEvents()
        #expect(Self.calls.withLock { $0[tag]?.count } == 5, "nothing is delivered twice")
        let metrics = String(decoding: host.plan.metrics.exposition(), as: UTF8.self)
        #expect(metrics.contains(#"atrium_events_published_total{event="pings.ping",module="pings"} 5"#))
        #expect(metrics.contains(#"atrium_events_delivered_total{event="pings.ping",module="pongs"} 5"#))
    }

    @Test(arguments: TestStorage.available)
    func aHandlerThatFailsTwiceThenSucceedsHasItsEffectOnce(_ backend: TestStorage) async throws {
        let tag = UUID().uuidString
        let host = try await Self.host(backend, tag: tag, pongs: "  failures: 2\n")
        defer { host.tearDown() }
        try await host.run { (browser: TestBrowser) async throws in #expect(try await Self.publish(browser, "a", 1) == 200) }
        try await host.deliveringEvents { () async throws in
            #expect(try await eventually { try await host.pendingDeliveries().isEmpty })
        }
        #expect(Self.calls.withLock { $0[tag]?.values.first } == 3, "two failures, then the try that worked")
        #expect(try await Self.tally(host, "a") == [1], "the failed tries' writes were undone: one effect")
        // Counted just after the delivery's transaction commits.
        #expect(try await eventually { Self.metrics(host).contains(#"atrium_events_delivered_total{event="pings.ping",module="pongs"} 1"#) })
        #expect(Self.metrics(host).contains(#"atrium_events_retried_total{event="pings.ping",module="pongs"} 2"#))
    }

    @Test(arguments: TestStorage.available)
    func aFailedEventHoldsBackOnlyItsAggregateShowsAndIsDeliveredWhenRetried(_ backend: TestStorage) async throws {
        let tag = UUID().uuidString
        let host = try await Self.host(backend, tag: tag, pongs: "  failUntilHealed: true\n", events: "  attempts: 2\n")
        defer { host.tearDown() }
        try await host.run { (browser: TestBrowser) async throws in
            for (aggregate, number) in [("a", 1), ("a", 2)] { #expect(try await Self.publish(browser, aggregate, number) == 200) }
        }
        try await host.deliveringEvents { () async throws in
            #expect(try await eventually { try await host.pendingDeliveries().first?.failedAt != nil }, "its tries ran out")
        }
        // Another aggregate is not held back by a's failure once the handler works for it.
        let waiting = try await host.pendingDeliveries()
        #expect(waiting.count == 2)
        let (failed, held) = (waiting[0], waiting[1])
        #expect(failed.attempts == 2 && failed.lastError == "the test refuses this ping")
        let now = Date().timeIntervalSince1970
        #expect(EventsReport.state(of: failed, among: waiting, now: now) == "failed")
        #expect(EventsReport.state(of: held, among: waiting, now: now) == "waiting behind #\(failed.number)")
        let report = EventsReport.lines(waiting, now: now)
        #expect(report.first == "2 waiting, 1 failed (retry or discard one: atrium events retry|discard <number>)")
        #expect(report[1].hasPrefix("#\(failed.number)  failed  pings.ping v1  pings → pongs  aggregate a"))
        #expect(report[1].hasSuffix("tries 2  last error: the test refuses this ping"))
        #expect(try await eventually { Self.metrics(host).contains(#"atrium_events_failed_total{event="pings.ping",module="pongs"} 1"#) })
        await host.deliverEvents()
        let metrics = Self.metrics(host)
        let age = metrics.split(separator: "\n").first { $0.hasPrefix("atrium_events_oldest_pending_seconds ") }
        #expect(age.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "the failed event's age")
        #expect(try await Self.tally(host, "a") == nil, "no effect of a failed try")

        Self.healed.withLock { _ = $0.insert(tag) }
        try await host.run { (browser: TestBrowser) async throws in #expect(try await Self.publish(browser, "b", 1) == 200) }
        await host.deliverEvents()
        #expect(try await Self.tally(host, "b") == [1], "another aggregate goes on")
        #expect(try await Self.tally(host, "a") == nil, "a stays held until an operator acts")
        #expect(try await host.outbox.retry(number: failed.number, at: Date().timeIntervalSince1970))
        await host.deliverEvents()
        #expect(try await Self.tally(host, "a") == [1, 2], "retried, then the one it held back, in order")
        #expect(try await host.pendingDeliveries().isEmpty)
        #expect(try await !host.outbox.retry(number: failed.number, at: 0), "gone once handled")
    }

    @Test(arguments: TestStorage.available)
    func aDiscardedEventLetsItsAggregateGoOn(_ backend: TestStorage) async throws {
        let tag = UUID().uuidString
        let host = try await Self.host(backend, tag: tag, pongs: "  failUntilHealed: true\n", events: "  attempts: 1\n")
        defer { host.tearDown() }
        try await host.run { (browser: TestBrowser) async throws in
            for number in [1, 2] { #expect(try await Self.publish(browser, "a", number) == 200) }
        }
        await host.deliverEvents()
        let failed = try #require(try await host.pendingDeliveries().first)
        #expect(failed.failedAt != nil)
        #expect(try await Self.tally(host, "a") == nil)
        Self.healed.withLock { _ = $0.insert(tag) }
        #expect(try await host.outbox.discard(number: failed.number))
        await host.deliverEvents()
        #expect(try await Self.tally(host, "a") == [2])
    }

    /// PostgresNIO describes its errors generically; an operator sees the server's own words.
    @Test func aHandlerTheServerRefusesShowsTheServersWordsInTheListAndTheLog() async throws {
        guard TestStorage.available.contains(.postgres) else { return }
        let log = TestLog()
        let host = try await TestHost.boot(
            modules: [PingModule.self, PongModule.self],
            configuration: "modules: [pings, pongs]\nevents:\n  retrySeconds: 0.01\n  attempts: 1\n", storage: .postgres, log: log)
        defer { host.tearDown() }
        let postgres = try #require(host.storage as? PostgresStorage)
        try await postgres.client.query(
            """
            CREATE FUNCTION refuse_tallies() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'tallies are frozen by the operator' USING HINT = 'thaw them first'; END $$
            """, logger: postgres.logger)
        try await postgres.client.query(
            "CREATE TRIGGER frozen BEFORE INSERT OR UPDATE ON records FOR EACH ROW WHEN (NEW.collection = 'tallies') EXECUTE FUNCTION refuse_tallies()",
            logger: postgres.logger)
        try await host.run { (browser: TestBrowser) async throws in #expect(try await Self.publish(browser, "frozen", 1) == 200) }
        await host.deliverEvents()
        let failed = try #require(try await host.pendingDeliveries().first)
        let said = "PostgreSQL ERROR: tallies are frozen by the operator (SQLSTATE P0001); hint: thaw them first"
        #expect(failed.lastError == said)
        #expect(EventsReport.lines([failed], now: Date().timeIntervalSince1970).last?.hasSuffix("last error: " + said) == true)
        #expect(log.lines.contains { $0.message.contains("failed for the last time") && $0.metadata["error"] == said })
    }

    @Test func twoHostsOnPostgreSQLRacingToDeliver200EventsHandleEachOnce() async throws {
        guard TestStorage.available.contains(.postgres) else { return }
        let tag = UUID().uuidString
        let directory = FileManager.default.temporaryDirectory.appending(path: "atrium-test-\(UUID().uuidString)")
        let first = try await Self.host(.postgres, tag: tag, events: "  sweepSeconds: 0.5\n", directory: directory)
        let second = try await Self.host(.postgres, tag: tag, events: "  sweepSeconds: 0.5\n", directory: directory)
        defer {
            second.tearDown()
            first.tearDown()
        }
        let aggregates = (0..<20).map { "aggregate-\($0)" }
        try await first.deliveringEvents {
            try await second.deliveringEvents {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, host) in [first, second].enumerated() {
                        group.addTask {
                            try await host.run { (browser: TestBrowser) async throws in
                                for number in 0..<100 {
                                    // Each host publishes half of every aggregate's events, in order.
                                    let aggregate = aggregates[number % 20]
                                    #expect(try await Self.publish(browser, aggregate, index * 100 + number) == 200)
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(try await eventually { try await first.pendingDeliveries().isEmpty }, "every event handled")
            }
        }
        let calls = Self.calls.withLock { $0[tag] ?? [:] }
        #expect(calls.count == 200 && calls.values.allSatisfy { $0 == 1 }, "each event handled once, by one host")
        var handled = 0
        for aggregate in aggregates {
            let numbers = try #require(try await Self.tally(first, aggregate))
            handled += numbers.count
            for index in 0..<2 {
                let published = numbers.filter { $0 / 100 == index }
                #expect(published == published.sorted(), "one host's events of an aggregate arrive in the order it published them")
            }
        }
        #expect(handled == 200)
    }

    /// A host dies while its handler runs (PostgreSQL ends its session, as when the process is
    /// killed): the delivery's transaction is rolled back, its row lock goes, and another host
    /// delivers the event; the dead host's handler, if it ever goes on, cannot commit.
    @Test func aDeliveryWhoseHostDiesIsTakenOverByAnother() async throws {
        guard TestStorage.available.contains(.postgres) else { return }
        let tag = UUID().uuidString
        let directory = FileManager.default.temporaryDirectory.appending(path: "atrium-test-\(UUID().uuidString)")
        let dying = try await Self.host(.postgres, tag: tag, directory: directory)
        let survivor = try await Self.host(.postgres, tag: tag, directory: directory)
        defer {
            survivor.tearDown()
            dying.tearDown()
        }
        try await dying.run { (browser: TestBrowser) async throws in #expect(try await Self.publish(browser, "a", 1) == 200) }
        Self.blocking.withLock { _ = $0.insert(tag) }
        let stuck = Task { await dying.deliverEvents() }
        #expect(try await eventually { Self.started.withLock { $0.contains(tag) } }, "the dying host's handler runs")
        await survivor.deliverEvents()
        #expect(try await Self.tally(survivor, "a") == nil, "the other host skips the row the dying host holds")

        let postgres = try #require(dying.storage as? PostgresStorage)
        let schema = try #require(postgres.address.schema)
        let holders = try await postgres.client.query(
            """
            SELECT pg_terminate_backend(l.pid) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = \(schema) AND c.relname = 'event_deliveries' AND l.mode = 'RowShareLock'
            """, logger: postgres.logger)
        var terminated = 0
        for try await _ in holders { terminated += 1 }
        #expect(terminated == 1, "the dying host's delivering session")
        // The dying host's handler is stopped (it would wait for its dead connection until the
        // storage's timeout); its transaction is gone with its session.
        stuck.cancel()
        Self.blocking.withLock { _ = $0.remove(tag) }
        await survivor.deliverEvents()
        #expect(try await Self.tally(survivor, "a") == [1], "handled once, by the survivor")
        #expect(try await survivor.pendingDeliveries().isEmpty)
        #expect(Self.calls.withLock { $0[tag]?.values.first } == 2, "two calls, one effect")
    }
}
