import Foundation
import Testing

@testable import AtriumActions
@testable import AtriumStorage

/// A post with a new key acts without reading the SQLite file first: the store knows which keys the
/// file may hold (a Bloom filter read from it), and "no" is certain.
@Suite("The outcome store's key filter")
struct KeyFilterTests {
    @Test func whatWasAddedIsAlwaysMaybeAndWhatWasNotIsMostlyNo() {
        var filter = KeyFilter()
        for index in 0..<20_000 { filter.insert(owner: "visitor:\(index % 97)", key: "key-\(index)") }
        #expect((0..<20_000).allSatisfy { filter.mayContain(owner: "visitor:\($0 % 97)", key: "key-\($0)") }, "never a false no")
        let wrong = (0..<20_000).filter { filter.mayContain(owner: "visitor:\($0 % 97)", key: "other-\($0)") }.count
        #expect(wrong < 200, "\(wrong) of 20,000 unseen keys were maybes")
        #expect(!filter.mayContain(owner: "visitor:1", key: "key-2"), "the owner is part of what is filtered")
        var other = KeyFilter()
        other.insert(owner: "account:a", key: "k")
        filter.formUnion(other)
        #expect(filter.mayContain(owner: "account:a", key: "k") && filter.count == 20_001)
    }

    @Test func anEmptyFilterSaysNoAndTakesItsMemoryOnlyWithItsFirstKey() {
        var filter = KeyFilter()
        #expect(!filter.mayContain(owner: "visitor:v", key: "k") && filter.count == 0)
        filter.formUnion(KeyFilter())
        #expect(!filter.mayContain(owner: "visitor:v", key: "k") && filter.count == 0, "an empty union is still empty")
        var one = KeyFilter()
        one.insert(owner: "visitor:v", key: "k")
        filter.formUnion(one)
        #expect(filter.mayContain(owner: "visitor:v", key: "k") && filter.count == 1, "an empty filter takes the other's keys")
        one.formUnion(KeyFilter())
        #expect(one.mayContain(owner: "visitor:v", key: "k") && one.count == 1, "an empty other adds nothing")
    }

    @Test func aKeyTheFileHoldsIsFoundAfterARestartAndANewKeyIsClaimedWithoutReadingTheFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "atrium-key-filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteStorage(path: folder.appending(path: "atrium.sqlite").path)
        try await ActionOutcomes.prepare(storage)
        let outcome = StoredOutcome(status: 303, location: "/notes")
        func claim(_ store: SQLiteActionOutcomes, _ key: String) async throws -> ActionClaim {
            try await store.claim(owner: "visitor:v", key: key, fingerprint: "f", at: 2_000, staleBefore: 0, expiredBefore: 0, most: 500)
        }
        // A host kept an outcome in the file, and stopped.
        let before = SQLiteActionOutcomes(database: storage.database, filtersKeys: false)
        #expect(try await claim(before, "kept") == .claimed)
        try await before.finish(owner: "visitor:v", key: "kept", fingerprint: "f", at: 2_000, outcome: outcome, most: 500)
        await before.flush()

        // Started again: the filter is read from the file.
        let after = SQLiteActionOutcomes(database: storage.database)
        await after.filtered()
        #expect(try await claim(after, "kept") == .done(outcome), "a key the file holds is looked up")
        #expect(try await claim(after, "new") == .claimed)
        try await after.release(owner: "visitor:v", key: "new")

        // With the file closed, a new key is still claimed (nothing was read); a kept one cannot be.
        try storage.close()
        #expect(try await claim(after, "another") == .claimed)
        await #expect(throws: (any Error).self) { try await claim(after, "kept") }
    }
}
