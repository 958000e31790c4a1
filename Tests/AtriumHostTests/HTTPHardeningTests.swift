import AtriumSDK
import AtriumTestKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import AtriumFixtures
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumRuntime
@testable import AtriumStorage

/// What a hostile or unusual client sends: other methods, oversized and malformed bodies.
@Suite("HTTP hardening")
struct HTTPHardeningTests {
    @Test func headAnswersEveryPageAssetAndHealthCheckWithoutABody() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            for path in ["/", "/notes", "/health/live", "/health/ready", "/assets/atrium.css", "/notes/items/3"] {
                let get = try await browser.get(path)
                let head = try await browser.send(path, method: .head)
                #expect(head.status == get.status, "\(path)")
                #expect(head.body.isEmpty, "\(path)")
                #expect(head.headers[.contentLength] == String(get.body.utf8.count), "\(path)")
            }
            #expect(try await browser.send("/no/such/page", method: .head).status == 404)
        }
    }

    @Test func anotherMethodOnAKnownPathIs405WithAllow() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            for method in [HTTPRequest.Method.put, .delete, .options, .patch] {
                let page = try await browser.send("/notes", method: method)
                #expect(page.status == 405, "\(method)")
                #expect(page.headers[.allow] == "GET, HEAD, POST", "\(method)")
            }
            let postOnly = try await browser.send("/accounts/sign-out", method: .get)
            #expect(postOnly.status == 405)
            #expect(postOnly.headers[.allow] == "POST")
            let typed = try await browser.send("/notes/items/7", method: .post)
            #expect(typed.headers[.allow] == "GET, HEAD")
            #expect(try await browser.send("/notes/items/seven", method: .delete).status == 404, "the parameter's type decides")
            #expect(try await browser.send("/health/live", method: .post).headers[.allow] == "GET, HEAD")
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let huge = try await browser.post("/notes", form: ["text": String(repeating: "x", count: 2 * 1024 * 1024)])
            #expect(huge.status == 413)
            #expect(huge.body.contains("Too much data"))
            let twenty = try await browser.post("/notes", form: ["text": String(repeating: "x", count: 20 * 1024 * 1024)])
            #expect(twenty.status == 413)
            #expect(try await browser.get("/notes").status == 200, "the host goes on")
        }
    }

    @Test func aFieldSentTwiceIsABadRequestThatNamesTheField() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let token = try #require(browser.lastCSRFToken)
            let twice = try await browser.post("/notes", fields: [("text", "a"), ("_csrf", token)], csrfToken: token)
            #expect(twice.status == 400)
            #expect(twice.body.contains("the field &#39;_csrf&#39; was sent more than once"))
            let pinned = try await browser.post("/notes", fields: [("text", "a"), ("pinned", "true"), ("pinned", "true")])
            #expect(pinned.status == 400)
            #expect(pinned.body.contains("the field &#39;pinned&#39; was sent more than once"))
            #expect(!pinned.body.contains("&#39;&#39;"), "never an empty field name")
        }
    }

    @Test func aBrokenPercentEscapeIsABadRequest() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let token = try #require(browser.lastCSRFToken)
            let page = try await browser.send(
                "/notes", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: "text=%ZZ&_csrf=\(token)")
            #expect(page.status == 400)
            #expect(page.body.contains("is not correctly percent-encoded"))
            let list = try await browser.get("/notes")
            #expect(list.status == 200)
        }
    }

    @Test func unreadableJSONIsABadRequestThatSaysSo() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes", accept: "application/json")
            let broken = try await browser.postJSON("/notes", json: #"{"text": "#)
            #expect(broken.status == 400)
            #expect(broken.body.contains("the body is not valid JSON"))
            let array = try await browser.postJSON("/notes", json: "[1, 2]")
            #expect(array.status == 400)
            #expect(array.body.contains("the body is not a JSON object"))
            #expect(!array.body.contains("''"))
        }
    }

    @Test func expiredSessionsArePurgedWhileTheHostRuns() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let clock = TestClock()
        let sessions = try SessionStore(storage: host.storage, hostKey: .random(), lifetime: .seconds(60), now: { clock.now })
        _ = try await sessions.create()
        _ = try await sessions.create(lifetime: .seconds(3600))
        clock.advance(seconds: 120)
        let purge = SessionPurgeService(
            sessions: sessions, storage: host.storage, modules: { [] }, interval: .milliseconds(20), logger: .init(label: "test"))
        let task = Task { try await purge.run() }
        defer { task.cancel() }
        var remaining = try await host.storage.sessionRowCount()
        for _ in 0..<200 where remaining != 1 {
            try await Task.sleep(for: .milliseconds(10))
            remaining = try await host.storage.sessionRowCount()
        }
        #expect(remaining == 1, "the expired session is gone, the live one stays")
    }

    /// Found beside Hardening 2: counts keyed by what visitors send (a sign-in failure per email
    /// tried, a throttle count per address) were never deleted, so a sprayer of made-up emails grew
    /// the database for ever. A module lets such collections expire; the purge deletes them.
    @Test func recordsAModuleLetsExpireAreDeletedOnceNobodyChangedThem() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let shared = host.storage.records(module: "expiring", owner: .shared)
        for index in 0..<5 { try await shared.save(index, id: "someone\(index)@example.com", in: "failures") }
        try await shared.save(1, id: "kept", in: "accounts")
        try await host.storage.records(module: "expiring", owner: .visitor("v")).save(2, id: "mine", in: "failures")
        // A module of its own (not booted, so not held to a list of collections).
        let expiring = BootedModule(
            manifest: ModuleManifest(id: "expiring", title: "Expiring", version: "1"), scenes: [], routes: [], migrations: [], shutdownHandlers: [],
            signInMerges: [:],
            expirations: ["failures": .seconds(24 * 3600)], configuredLinks: [], sharedRecords: DeferredRecordStore(module: "expiring"))
        let soon = try SessionStore(storage: host.storage, hostKey: .random(), now: { Date().addingTimeInterval(3600) })
        await SessionPurgeService(sessions: soon, storage: host.storage, modules: { [expiring] }, interval: .seconds(3600), logger: .init(label: "t"))
            .purgeExpiredRecords()
        #expect(try await shared.records(Int.self, in: "failures").count == 5, "changed an hour ago: kept")
        let later = try SessionStore(storage: host.storage, hostKey: .random(), now: { Date().addingTimeInterval(2 * 24 * 3600) })
        await SessionPurgeService(
            sessions: later, storage: host.storage, modules: { [expiring] }, interval: .seconds(3600), logger: .init(label: "t")
        )
        .purgeExpiredRecords()
        #expect(try await shared.records(Int.self, in: "failures").isEmpty)
        #expect(try await host.storage.records(module: "expiring", owner: .visitor("v")).record(Int.self, id: "mine", in: "failures") == nil)
        #expect(try await shared.record(Int.self, id: "kept", in: "accounts") == 1, "other collections stay")
    }

    /// Found by a boot profile: stopping the host while the first purge ran logged an error per
    /// collection left (the storage refuses a cancelled task's writes), on every quick restart.
    @Test func aPurgeStoppedByShutdownLogsNoError() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let module = try #require(host.plan.registry.modules.first { $0.manifest.id == "notes" })
        let expiring = BootedModule(
            manifest: module.manifest, scenes: [], routes: [], migrations: [], shutdownHandlers: [], signInMerges: [:],
            expirations: ["failures": .seconds(3600), "throttles": .seconds(3600)], configuredLinks: [],
            sharedRecords: DeferredRecordStore(module: "notes"))
        let sessions = try SessionStore(storage: host.storage, hostKey: .random())
        let log = TestLog()
        let purge = SessionPurgeService(
            sessions: sessions, storage: host.storage, modules: { [expiring] }, interval: .seconds(3600), logger: log.logger)
        let stopped = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await purge.purgeExpiredRecords()
        }
        await stopped.value
        #expect(log.lines.filter { $0.level >= .warning }.isEmpty, "\(log.lines.map(\.text))")
    }

}
