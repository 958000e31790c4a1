import AtriumListener
import AtriumSDK
import AtriumTestKit
import Foundation
import Logging
import Synchronization
import Testing

@testable import AtriumEvents
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumStorage

/// Events during a rolling deploy: a subscriber reads its version and the one before and after
/// (fields it lacks defaulted, fields it does not know ignored); an event further apart, or for a
/// subscription this host lacks, waits untouched and holds back nothing else of its aggregate; a
/// host stores events for the subscriptions of every live host, and says which deliveries no live
/// host reads, on SQLite and PostgreSQL.
@Suite("Events across versions")
struct EventsAcrossVersionsTests {
    typealias Ping = ModuleEventsTests.Ping

    /// A subscriber of version 2 of `pings.ping`, which added `note` (default "none").
    struct NotedPing: ModuleEvent, RecordDefaults {
        static let name = "pings.ping"
        static let version = 2
        var aggregate: String
        var number: Int
        var note: String
        var aggregateID: String { aggregate }
        static let defaults = NotedPing(aggregate: "", number: 0, note: "none")
    }

    static let notes = Mutex<[String]>([])

    struct NotedModule: AtriumModule {
        static let manifest = ModuleManifest(id: "noted", title: "Noted", version: "2.0.0")

        func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
            registrar.subscribe(to: NotedPing.self) { ping, _ in
                EventsAcrossVersionsTests.notes.withLock { $0.append("\(ping.aggregate)\(ping.number):\(ping.note)") }
            }
        }
    }

    private func store(_ host: TestHost, _ aggregate: String, _ number: Int, version: Int, extra: String = "", for subscribers: [String])
        async throws
    {
        let payload = Data(#"{"aggregate":"\#(aggregate)","number":\#(number)\#(extra)}"#.utf8)
        try await host.outbox.store(
            OutgoingEvent(
                eventID: UUID().uuidString, name: Ping.name, version: version, publisher: "pings", aggregate: aggregate, payload: payload,
                publishedAt: Date().timeIntervalSince1970),
            for: subscribers)
    }

    @Test(arguments: TestStorage.available)
    func anEventTooNewWaitsUntouchedAndHoldsBackNothingItsHostReads(_ backend: TestStorage) async throws {
        let host = try await ModuleEventsTests.host(backend)
        defer { host.tearDown() }
        // `pongs` reads version 1 of pings.ping, so versions 0 to 2.
        try await store(host, "a", 1, version: 1, for: ["pongs"])
        try await store(host, "a", 2, version: 3, for: ["pongs"])
        try await store(host, "a", 3, version: 2, extra: #","color":"red""#, for: ["pongs"])
        try await store(host, "a", 4, version: 1, for: ["newcomer"])
        await host.deliverEvents()
        #expect(try await ModuleEventsTests.tally(host, "a") == [1, 3], "v2's unknown field is ignored; v3 goes by without holding back a3")
        let waiting = try await host.pendingDeliveries()
        #expect(waiting.map(\.version) == [3, 1] && waiting.map(\.subscriber) == ["pongs", "newcomer"])
        #expect(waiting.allSatisfy { $0.attempts == 0 && $0.failedAt == nil && $0.lastError == nil }, "untouched: never a try")
        let metrics = ModuleEventsTests.metrics(host)
        #expect(!metrics.contains("atrium_events_failed_total") && !metrics.contains("atrium_events_retried_total"))

        let readers = host.plan.events.readers
        #expect(readers.map(\.text) == ["pongs/pings.ping@1"])
        let now = Date().timeIntervalSince1970
        #expect(
            EventsReport.state(of: waiting[0], among: waiting, now: now, readers: readers).hasPrefix("waiting for a host that reads pings.ping v3"))
        // A host of v3 reads it: with it live, the delivery is merely pending.
        let newer = readers + [EventReader(subscriber: "pongs", name: Ping.name, version: 3)]
        #expect(EventsReport.state(of: waiting[0], among: waiting, now: now, readers: newer) == "pending")
        #expect(EventsReport.lines(waiting, now: now, readers: readers)[2].contains("waiting for a host that reads pings.ping v1"), "newcomer")
    }

    @Test(arguments: TestStorage.available)
    func fieldsAnOlderEventLacksReadAsTheSubscribersDefaults(_ backend: TestStorage) async throws {
        let host = try await TestHost.boot(
            modules: [ModuleEventsTests.PingModule.self, NotedModule.self], configuration: "modules: [pings, noted]", storage: backend)
        defer { host.tearDown() }
        let tag = UUID().uuidString.prefix(8)
        try await store(host, "\(tag)-", 1, version: 1, for: ["noted"])
        try await store(host, "\(tag)-", 2, version: 2, extra: #","note":"hi""#, for: ["noted"])
        await host.deliverEvents()
        #expect(Self.notes.withLock { $0.filter { $0.hasPrefix(tag) } } == ["\(tag)-1:none", "\(tag)-2:hi"])
        #expect(try await host.pendingDeliveries().isEmpty)
    }

    @Test(arguments: TestStorage.available)
    func eventsAreStoredForTheSubscriptionsOfEveryLiveHostAndTheUnreadAreCounted(_ backend: TestStorage) async throws {
        let host = try await ModuleEventsTests.host(backend)
        defer { host.tearDown() }
        let now = Date().timeIntervalSince1970
        // A host of a newer version subscribes `audit` to pings; one long gone subscribed `gone`.
        try await HostFleet.record(
            FleetMember(
                id: "newer", address: "http://10.0.0.2", machine: "b", pid: 2, build: "v2", modules: ["audit": "2"], state: "serving",
                startedAt: now, lastSeen: now, subscriptions: ["audit/pings.ping@1"]), on: host.storage)
        try await HostFleet.record(
            FleetMember(
                id: "gone", address: "http://10.0.0.3", machine: "c", pid: 3, build: "v0", modules: [:], state: "serving",
                startedAt: now - 100, lastSeen: now - 100, subscriptions: ["gone/pings.ping@1"]), on: host.storage)
        let heartbeat = FleetHeartbeat(
            storage: host.storage,
            member: FleetMember(
                id: "this", address: "http://10.0.0.1", machine: "a", pid: 1, build: "v1", modules: [:], state: "serving", startedAt: now,
                lastSeen: now), drain: HostDrain(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, serving: { host.plan })
        await heartbeat.beat()
        let mine = try #require(try await HostFleet.live(on: host.storage).first { $0.id == "this" })
        #expect(mine.subscriptions == ["pongs/pings.ping@1"], "a host says what it subscribes to")
        try await host.run { (browser: TestBrowser) async throws in #expect(try await ModuleEventsTests.publish(browser, "x", 1) == 200) }
        #expect(Set(try await host.pendingDeliveries().map(\.subscriber)) == ["pongs", "audit"], "the newer host's subscription gets it too")

        // The newer host leaves (a rollback): its delivery is read by no live host.
        try await HostFleet.leave("newer", on: host.storage)
        await host.deliverEvents()
        await heartbeat.beat()
        #expect(ModuleEventsTests.metrics(host).contains("atrium_events_unreadable 1"))
        try await host.run { (browser: TestBrowser) async throws in #expect(try await ModuleEventsTests.publish(browser, "x", 2) == 200) }
        #expect(try await host.pendingDeliveries().map(\.subscriber) == ["audit", "pongs"], "no more for a subscription no live host has")
    }

    @Test(arguments: TestStorage.available)
    func aHostWithANewSubscriptionServesOnlyOnceEveryOtherHostKnowsIt(_ backend: TestStorage) async throws {
        let host = try await ModuleEventsTests.host(backend)
        defer { host.tearDown() }
        let older = FleetMember(
            id: "older", address: "http://10.0.0.2", machine: "b", pid: 2, build: "v1", modules: [:], state: "serving",
            startedAt: Date().timeIntervalSince1970, lastSeen: Date().timeIntervalSince1970)
        try await HostFleet.record(older, on: host.storage)
        let heartbeat = FleetHeartbeat(
            storage: host.storage, member: HostRuntime.fleetMember(id: "newer", serving: host.plan), drain: HostDrain(),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, serving: { host.plan })
        let announced = Task {
            await heartbeat.announce()
            return Date().timeIntervalSince1970
        }
        try await Task.sleep(for: .milliseconds(400))
        // The older host beats: it has read the newer one's `pongs` subscription.
        var beaten = older
        beaten.lastSeen = Date().timeIntervalSince1970
        try await HostFleet.record(beaten, on: host.storage)
        let ready = await announced.value
        #expect(ready >= beaten.lastSeen, "the new host waited for the older one's beat")
        // Wide of what it takes (20 ms polls), short of the deadline: a loaded machine took 3.6 s once.
        #expect(ready - beaten.lastSeen < 5, "and no longer (its deadline is 6 s)")

        // A restart while another host of its version serves waits for nobody: the others know
        // its subscriptions already.
        beaten.subscriptions = host.plan.events.readers.map(\.text)
        try await HostFleet.record(beaten, on: host.storage)
        let again = ContinuousClock.now
        await heartbeat.announce()
        #expect(ContinuousClock.now - again < .seconds(3), "no wait for a beat that never comes (the deadline is 6 s)")
    }

    @Test(arguments: TestStorage.available)
    func aReloadedConfigurationStoresForTheOtherHostsSubscriptionsBeforeItsFirstBeat(_ backend: TestStorage) async throws {
        let host = try await ModuleEventsTests.host(backend)
        defer { host.tearDown() }
        let serving = EventRouter()
        serving.knowElsewhere([EventReader(subscriber: "audit", name: Ping.name, version: 1)])
        let reloaded = EventRouter()
        reloaded.connect(to: host.storage)
        reloaded.knowElsewhere(as: serving)
        try await reloaded.publish(module: "pings", name: Ping.name, version: 1, aggregate: "r", payload: Data(#"{"aggregate":"r","number":1}"#.utf8))
        #expect(try await host.pendingDeliveries().map(\.subscriber) == ["audit"])
    }
}
