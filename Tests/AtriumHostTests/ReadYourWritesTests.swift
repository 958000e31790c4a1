import AtriumPostgres
import AtriumSupport
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumHTTP
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumStorage

/// Hosts on PostgreSQL cache what they read; a visitor whose requests alternate between two hosts
/// (a round-robin balancer) still always sees their own writes, and every host sees the others'
/// within the feed's delay.
@Suite(
    "Read-your-writes across hosts",
    .enabled(if: TestStorage.postgresURL != nil, "needs ATRIUM_TEST_POSTGRES_URL (bash Tests/run-all.sh starts a server)"))
struct ReadYourWritesTests {
    /// What `/health/ready` answers while the host vouches for its caches.
    static let ready = #"{"status":"ready","build":""# + BuildID.current + #""}"#

    static func twoHosts() async throws -> [TestHost] {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ryw-hosts-\(UUID().uuidString)")
        var hosts: [TestHost] = []
        for _ in 0..<2 {
            hosts.append(
                try await TestHost.boot(modules: Fixture.catalog, configuration: Fixture.notesAndAccounts, directory: directory, storage: .postgres))
        }
        for host in hosts { #expect(try await eventually { host.storage.changes.isVouched }) }
        return hosts
    }

    @Test func aPostOnOneHostIsSeenByTheSameVisitorsNextGetOnTheOther() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        var cookies: [String: String] = [:]
        for index in 0..<20 {
            let (writer, reader) = (hosts[index % 2], hosts[(index + 1) % 2])
            let before = cookies
            cookies = try await writer.run { browser in
                browser.setCookies(before)
                _ = try await browser.get("/notes")
                #expect(try await browser.post("/notes", form: ["text": "note \(index)"]).status == 303)
                return browser.cookies
            }
            #expect(cookies[ReadYourWritesMiddleware.cookieName] != nil, "the visitor's cookie says how far they wrote")
            let after = cookies
            try await reader.run { browser in
                browser.setCookies(after)
                let page = try await browser.getScreen("/notes")
                #expect(try page.screen.shows("note \(index)"), "round \(index): the other host shows the visitor's own note")
            }
        }
    }

    @Test func noHostConfirmsATagOverTheVisitorsOwnWrite() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        var cookies: [String: String] = [:]
        var tag: String?
        for index in 0..<10 {
            let (writer, reader) = (hosts[index % 2], hosts[(index + 1) % 2])
            // The reader confirms the tag the other host gave last round: the same bytes.
            let (before, last) = (cookies, tag)
            (cookies, tag) = try await reader.run { browser -> ([String: String], String?) in
                browser.setCookies(before)
                let page = try await browser.send("/notes", method: .get, headers: [.accept: "application/json", .ifNoneMatch: last ?? "\"none\""])
                #expect(page.status == (last == nil ? 200 : 304), "round \(index)")
                let current = try #require(page.headers[.eTag])
                return (browser.cookies, current)
            }
            let (visitor, seen) = (cookies, tag)
            cookies = try await writer.run { browser -> [String: String] in
                browser.setCookies(visitor)
                _ = try await browser.get("/notes")
                let posted = try await browser.post("/notes", form: ["text": "note \(index)"])
                #expect(posted.status == 303)
                return browser.cookies
            }
            let after = cookies
            (cookies, tag) = try await reader.run { browser -> ([String: String], String?) in
                browser.setCookies(after)
                let page = try await browser.send("/notes", method: .get, headers: [.accept: "application/json", .ifNoneMatch: seen ?? ""])
                #expect(page.status == 200, "round \(index): the other host never confirms the page from before the visitor's write")
                let shows = try page.screen.shows("note \(index)")
                #expect(shows)
                let current = try #require(page.headers[.eTag])
                return (browser.cookies, current)
            }
        }
    }

    @Test func anotherVisitorsWriteReachesAHostThatCachedThePage() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        let shared = hosts[1].storage.records(module: "scratch", owner: .shared)
        try await shared.save(1, id: "counter", in: "settings")
        #expect(try await hosts[0].storage.records(module: "scratch", owner: .shared).record(Int.self, id: "counter", in: "settings") == 1)
        try await shared.save(2, id: "counter", in: "settings")
        #expect(
            try await eventually {
                try await hosts[0].storage.records(module: "scratch", owner: .shared).record(Int.self, id: "counter", in: "settings") == 2
            })
    }

    @Test func aPositionAClientMadeUpDoesNotTurnTheCachesOff() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        let host = hosts[0]
        try await host.run { browser in
            _ = try await browser.get("/notes")
            #expect(try await browser.post("/notes", form: ["text": "mine"]).status == 303)
            // Past the visitor's own write: the page is kept again.
            #expect(try await eventually { host.storage.changes.seen > 0 })
            _ = try await browser.get("/notes")
            _ = try await browser.get("/notes")
            let loads = host.storage.changes.records.loads
            var cookies = browser.cookies
            cookies[ReadYourWritesMiddleware.cookieName] = "999999999999999999"
            browser.setCookies(cookies)
            for _ in 0..<5 { #expect(try await browser.get("/notes").status == 200) }
            #expect(host.storage.changes.records.loads == loads, "the page is still served from the cache")
        }
    }

    @Test func aHostThatCannotVouchForItsCachesSaysSoAndStartsOverWhenItCan() async throws {
        let log = TestLog()
        let host = try await TestHost.boot(modules: Fixture.catalog, configuration: Fixture.notesAndAccounts, storage: .postgres, log: log)
        defer { host.tearDown() }
        #expect(try await eventually { host.storage.changes.isVouched })
        let ready = { try await host.run { try await $0.get("/health/ready", accept: "application/json") } }
        #expect(try await ready().body == Self.ready)

        // The listening connection cut from the server's side: the log says so.
        let postgres = try #require(host.storage as? PostgresStorage)
        let name = "atrium change listener \(host.storage.changes.origin)"
        for try await _ in try await postgres.client.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(name)", logger: postgres.logger)
        {}
        #expect(
            try await eventually {
                log.lines.contains { $0.level == .warning && $0.message.hasPrefix("change feed: the listening connection is down") }
            })
        #expect(try await eventually { host.storage.changes.isVouched }, "it listens again")

        // While the feed doubts, readiness says why and pages read the database.
        host.storage.changes.doubt()
        let page = try await ready()
        #expect(page.status == 200 && page.body.contains(#""changeFeed":"reconnecting: pages read the database until it is back""#))
        #expect(try await host.run { try await $0.get("/notes").status } == 200)
        #expect(try await eventually { try await ready().body == Self.ready }, "the next ping vouches again")
    }
}
