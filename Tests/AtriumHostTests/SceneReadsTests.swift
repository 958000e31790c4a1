import AtriumHost
import AtriumSDK
import AtriumStorage
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumFixtures

/// What a request's scene read is known to the host after the page is made, from the record
/// stores, with no module code: what the change feed will match changes against.
@Suite("What scenes read")
struct SceneReadsTests {
    @Test func theHostKnowsTheCollectionsAndRecordsEachPageRead() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            #expect(try await browser.post("/notes", form: ["text": "milk"]).status == 303)
            _ = try await browser.get("/notes")
            _ = try await browser.get("/notes/items/2")
        }
        let reads = host.sceneReads
        #expect(reads.map(\.path) == ["/notes", "/notes", "/notes", "/notes/items/2"])
        #expect(reads.map(\.method) == [.get, .post, .get, .get])
        let list = reads[2]
        #expect(list.sceneID == "notes.list")
        let owner = try #require(list.reads.first?.owner)
        #expect(owner.hasPrefix("visitor:"), "the visitor's own records")
        #expect(
            list.reads == [RecordRead(module: "notes", collection: "notes", owner: owner, id: nil)],
            "the module's records only, not the host's sessions")
        #expect(reads[0].reads.isEmpty, "a first visit, with no session yet, has no records to read")
        #expect(reads[1].reads.contains(RecordRead(module: "notes", collection: "notes", owner: owner, id: nil)), "the action read what it added to")
        #expect(reads[3].sceneID == "notes.item" && reads[3].reads.isEmpty, "a scene that reads nothing")
    }

    @Test(arguments: TestStorage.available)
    func eachBackendNotesRecordsAndCollectionsReadAndNothingElse(_ backend: TestStorage) async throws {
        let storage = try await backend.open(name: UUID().uuidString)
        defer { try? storage.close() }
        let mine = storage.records(module: "notes", owner: .user("ada"))
        let shared = storage.records(module: "notes", owner: .shared)
        try await mine.save(Note(text: "a"), id: "1", in: "notes")
        let log = RecordReadLog()
        try await log.recording {
            _ = try await mine.record(Note.self, id: "1", in: "notes")
            _ = try await mine.record(Note.self, id: "1", in: "notes")  // again: from the cache, still a read
            _ = try await shared.records(Note.self, in: "tags")
            try await mine.save(Note(text: "b"), id: "2", in: "notes")  // a write is not a read
        }
        _ = try await mine.record(Note.self, id: "2", in: "notes")  // outside the log
        #expect(
            log.all == [
                RecordRead(module: "notes", collection: "notes", owner: "user:ada", id: "1"),
                RecordRead(module: "notes", collection: "tags", owner: "shared", id: nil),
            ])
    }
}
