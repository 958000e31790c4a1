import AtriumFixtures
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@_spi(AtriumHost) @testable import AtriumHost

/// A rolling deploy in the test kit: hosts of version 1 and 2 of the fixture ledger
/// (``LedgerVersions``, one id, the version chosen by the configuration) on one database, on SQLite
/// and PostgreSQL. Records keep every field both ways, events are handled once by the other's
/// subscribers, the contract migration waits for the v1 host to leave and then runs once, a form
/// v1 drew is handled by v2, and a rollback to v1 leaves nothing broken.
@Suite("Two versions side by side")
struct TwoVersionsTests {
    /// A host of ledger `version` on the database of `folder`, in the fleet list.
    static func ledger(_ version: Int, in folder: URL, _ backend: TestStorage) async throws -> TestHost {
        let host = try await TestHost.boot(
            modules: [LedgerVersions.module(version: version)], configuration: "modules: [ledger]\nledger:\n  version: \(version)\n",
            directory: folder, storage: backend)
        try await host.joinFleet()
        return host
    }

    static func folder() -> URL { FileManager.default.temporaryDirectory.appending(path: "atrium-two-versions-\(UUID().uuidString)") }

    /// A host of each version on one new database, both in the fleet list.
    static func bothVersions(_ backend: TestStorage) async throws -> (v1: TestHost, v2: TestHost) {
        let folder = folder()
        let v1 = try await ledger(1, in: folder, backend)
        do {
            return (v1, try await ledger(2, in: folder, backend))
        } catch {
            v1.tearDown()
            throw error
        }
    }

    /// Serves `v1` and `v2` in-process while `body` runs, a browser on each.
    static func serving(_ v1: TestHost, _ v2: TestHost, _ body: @escaping @Sendable (TestBrowser, TestBrowser) async throws -> Void) async throws {
        try await v1.run { (one: TestBrowser) async throws in
            try await v2.run { (two: TestBrowser) async throws in try await body(one, two) }
        }
    }

    /// The entry `id` as stored, whichever version wrote it.
    static func stored(_ host: TestHost, _ id: String) async throws -> StoredEntry {
        try #require(try await host.storage.records(module: "ledger", owner: .shared).record(StoredEntry.self, id: id, in: "entries"))
    }

    static func post(_ browser: TestBrowser, _ path: String, _ json: String) async throws -> TestPage {
        try await browser.send(path, method: .post, headers: [.contentType: "application/json"], body: json)
    }

    static func json(_ page: TestPage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(page.body.utf8)) as? [String: Any])
    }

    static func handled(_ host: TestHost, _ id: String) async throws -> LedgerHandled? {
        try await host.storage.records(module: "ledger", owner: .shared).record(LedgerHandled.self, id: id, in: "handled")
    }

    @Test(arguments: TestStorage.available)
    func recordsEachVersionWroteKeepEveryFieldWhenTheOtherUpdatesThem(_ backend: TestStorage) async throws {
        let (v1, v2) = try await Self.bothVersions(backend)
        defer {
            v2.tearDown()
            v1.tearDown()
        }
        try await Self.serving(v1, v2) { one, two in
            let a = #"{"id":"a","title":"Rent","amount":500,"memo":"May","payer":{"name":"Ana"}}"#
            #expect(try await Self.post(one, "/ledger/entries", a).status == 201)
            let b = #"{"id":"b","title":"Bike","amount":20,"note":"Rides","currency":"GBP","payer":{"name":"Bo","email":"bo@example.com"}}"#
            #expect(try await Self.post(two, "/ledger/entries", b).status == 201)
            // Each updates what the other wrote.
            let aByTwo = try Self.json(try await Self.post(two, "/ledger/entries/a/amount", #"{"amount":600}"#))
            #expect(aByTwo["currency"] as? String == "EUR" && aByTwo["memo"] as? String == "May", "v1's entry reads v2's defaults")
            #expect(try await Self.post(one, "/ledger/entries/b/amount", #"{"amount":25}"#).status == 200)

            let bNow = try Self.json(try await two.get("/ledger/entries/b", accept: "application/json"))
            #expect(bNow["amount"] as? Int == 25 && bNow["note"] as? String == "Rides" && bNow["currency"] as? String == "GBP")
            #expect((bNow["payer"] as? [String: Any])?["email"] as? String == "bo@example.com", "a nested field v1 does not know is kept")
            let aNow = try Self.json(try await one.get("/ledger/entries/a", accept: "application/json"))
            #expect(aNow["amount"] as? Int == 600 && aNow["memo"] as? String == "May")
            #expect(try await Self.stored(v1, "a").memo == "May", "v2 keeps the field v1 reads")
        }
    }

    @Test(arguments: TestStorage.available)
    func eventsEachVersionPublishesAreHandledOnceByTheOthersSubscribers(_ backend: TestStorage) async throws {
        let (v1, v2) = try await Self.bothVersions(backend)
        defer {
            v2.tearDown()
            v1.tearDown()
        }
        // v1 learns that a live host subscribes to ledger.entry-removed, which v1 itself does not read.
        await v1.beat()
        try await Self.serving(v1, v2) { one, two in
            #expect(try await Self.post(one, "/ledger/entries", #"{"id":"e1","title":"A","amount":1,"payer":{"name":"A"}}"#).status == 201)
            await v2.deliverEvents()
            #expect(
                try await Self.post(two, "/ledger/entries", #"{"id":"e2","title":"B","amount":2,"currency":"GBP","payer":{"name":"B"}}"#).status
                    == 201)
            await v1.deliverEvents()
            await v2.deliverEvents()
            await v1.deliverEvents()
            #expect(try await Self.handled(v1, "added-e1") == LedgerHandled(count: 1, handlers: ["v2"]), "v1's event, read by v2")
            #expect(try await Self.handled(v1, "added-e2") == LedgerHandled(count: 1, handlers: ["v1"]), "v2's event, read by v1")

            // A subscription v2 added gets what v1 publishes; v1 leaves it untouched.
            #expect(try await Self.post(one, "/ledger/entries/e1/remove", "{}").status == 204)
            await v1.deliverEvents()
            let waiting = try await v1.pendingDeliveries()
            #expect(waiting.map(\.name) == ["ledger.entry-removed"] && waiting.allSatisfy { $0.attempts == 0 })
            await v2.deliverEvents()
            #expect(try await Self.handled(v1, "removed-e1") == LedgerHandled(count: 1, handlers: ["v2"]))
            #expect(try await v1.pendingDeliveries().isEmpty)
        }
    }

    @Test(arguments: TestStorage.available)
    func theContractMigrationWaitsForTheOlderHostToLeaveThenRunsOnce(_ backend: TestStorage) async throws {
        let folder = Self.folder()
        let tag = UUID().uuidString.prefix(8)
        let v1 = try await Self.ledger(1, in: folder, backend)
        defer { v1.tearDown() }
        let early = "\(tag)-early"
        let late = "\(tag)-late"
        try await v1.run { (one: TestBrowser) async throws in
            let body = #"{"id":"\#(early)","title":"Rent","amount":500,"memo":"May","payer":{"name":"Ana"}}"#
            #expect(try await Self.post(one, "/ledger/entries", body).status == 201)
        }
        let v2 = try await Self.ledger(2, in: folder, backend)
        defer { v2.tearDown() }
        #expect(try await v2.migrationStates() == ["ledger/1-note-from-memo: applied", "ledger/2-drop-memo: waiting"])
        #expect(try await Self.stored(v2, early).note == "May", "the expand migration ran at v2's boot")
        #expect(await !v2.runMigrations(), "a live host of v1 lacks the contract migration")
        #expect(LedgerVersions.contractRewrites(of: early) == 0)
        try await v1.run { (one: TestBrowser) async throws in
            let body = #"{"id":"\#(late)","title":"Tea","amount":3,"memo":"green","payer":{"name":"Cy"}}"#
            #expect(try await Self.post(one, "/ledger/entries", body).status == 201, "v1 writes a memo after the expand migration")
        }

        try await v1.leaveFleet()
        #expect(await v2.runMigrations())
        #expect(try await v2.migrationStates() == ["ledger/1-note-from-memo: applied", "ledger/2-drop-memo: applied"])
        #expect(await v2.runMigrations())
        #expect(LedgerVersions.contractRewrites(of: early) == 1 && LedgerVersions.contractRewrites(of: late) == 1, "once")
        let lateNow = try await Self.stored(v2, late)
        #expect(lateNow.memo == nil && lateNow.note == "green", "what v1 wrote since keeps its memo as the note")
        #expect(try await Self.stored(v2, early).memo == nil)

        // v1 cannot come back now: it reads what the contract removed.
        let refusal = await #expect(throws: (any Error).self) { try await Self.ledger(1, in: folder, backend) }
        #expect(refusal.map { "\($0)" }?.contains("ledger/2-drop-memo") == true)
    }

    @Test(arguments: TestStorage.available)
    func aFormVersionOneDrewIsHandledByVersionTwo(_ backend: TestStorage) async throws {
        let (v1, v2) = try await Self.bothVersions(backend)
        defer {
            v2.tearDown()
            v1.tearDown()
        }
        let title = "Tea-\(UUID().uuidString.prefix(8))"
        try await Self.serving(v1, v2) { one, two in
            let page = try await one.get("/ledger")
            #expect(page.status == 200 && page.body.contains(#"name="memo""#) && !page.body.contains(#"name="note""#))
            two.setCookies(one.cookies)
            let sent = try await two.post(
                "/ledger", form: ["title": title, "amount": "3", "memo": "green", "payer": "Cy"], csrfToken: page.csrfToken)
            #expect(sent.status == 303, "\(sent.status): \(sent.body.prefix(300))")
            #expect(try await two.get("/ledger").body.contains("\(title) 3 EUR green"), "the memo of v1's form is v2's note")
        }
    }

    @Test(arguments: TestStorage.available)
    func aRollbackToVersionOneLeavesNothingBroken(_ backend: TestStorage) async throws {
        let (v1, v2) = try await Self.bothVersions(backend)
        defer {
            v2.tearDown()
            v1.tearDown()
        }
        await v1.beat()
        try await v2.run { (two: TestBrowser) async throws in
            let body = #"{"id":"r1","title":"Bike","amount":20,"note":"Rides","currency":"GBP","payer":{"name":"Bo","email":"bo@example.com"}}"#
            #expect(try await Self.post(two, "/ledger/entries", body).status == 201)
        }
        try await v1.run { (one: TestBrowser) async throws in
            #expect(try await Self.post(one, "/ledger/entries", #"{"id":"r0","title":"A","amount":1,"payer":{"name":"A"}}"#).status == 201)
            #expect(try await Self.post(one, "/ledger/entries/r0/remove", "{}").status == 204)
        }
        // v2 goes before it delivered anything: a rollback.
        try await v2.leaveFleet()
        await v1.beat()
        await v1.deliverEvents()
        #expect(try await Self.handled(v1, "added-r1") == LedgerHandled(count: 1, handlers: ["v1"]), "v2's event, read by v1")
        #expect(try await Self.handled(v1, "added-r0") == LedgerHandled(count: 1, handlers: ["v1"]))
        await v1.beat()
        let metrics = String(decoding: v1.plan.metrics.exposition(), as: UTF8.self)
        #expect(metrics.contains("atrium_events_unreadable 1"), "v2's subscription left with v2")
        try await v1.run { (one: TestBrowser) async throws in
            #expect(try await one.get("/ledger").body.contains("Bike 20"), "v1 reads what v2 wrote")
            #expect(try await Self.post(one, "/ledger/entries/r1/amount", #"{"amount":30}"#).status == 200)
        }
        let r1 = try await Self.stored(v1, "r1")
        #expect(r1.amount == 30 && r1.note == "Rides" && r1.currency == "GBP" && r1.payer.email == "bo@example.com")
        let waiting = try await v1.pendingDeliveries()
        #expect(waiting.map(\.name) == ["ledger.entry-removed"])
        #expect(try await v1.outbox.discard(number: try #require(waiting.first).number))
        #expect(try await v1.pendingDeliveries().isEmpty)
        #expect(
            try await v1.migrationStates() == ["ledger/1-note-from-memo: unknown to this build"],
            "v2's expand migration stays applied and harms nothing: v1 boots beside it")
    }
}

/// An entry's fields as stored, whichever version wrote them (nil: not stored).
struct StoredEntry: Decodable, Sendable {
    struct Payer: Decodable, Sendable { var email: String? }
    var amount: Int
    var memo: String?
    var note: String?
    var currency: String?
    var payer: Payer
}
