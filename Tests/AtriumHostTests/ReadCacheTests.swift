import AtriumSDK
import AtriumSupport
import AtriumTestKit
import Foundation
import Testing

@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumRuntime
@testable import AtriumStorage

/// The storage remembers what it read (records and sessions) so pages do not query SQLite on every
/// view. These tests hold it to never answering with something the database no longer says.
@Suite("Read caches")
struct ReadCacheTests {
    struct Note: Codable, Sendable, Equatable { var text: String }

    func temporaryStorage() throws -> SQLiteStorage {
        try SQLiteStorage(path: FileManager.default.temporaryDirectory.appending(path: "atrium-cache-\(UUID().uuidString)/db.sqlite").path)
    }

    @Test func aWriteIsSeenByTheNextReadThroughAnyStoreOfTheSameOwner() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let first = storage.records(module: "m", owner: .user("u"))
        let second = storage.records(module: "m", owner: .user("u"))
        #expect(try await first.record(Note.self, id: "1", in: "notes") == nil, "remembered as absent")
        #expect(try await first.records(Note.self, in: "notes").isEmpty)
        try await second.save(Note(text: "one"), id: "1", in: "notes")
        #expect(try await first.record(Note.self, id: "1", in: "notes") == Note(text: "one"))
        #expect(try await first.records(Note.self, in: "notes") == [Note(text: "one")], "the collection's list is forgotten too")
        _ = try await second.update(Note.self, id: "1", in: "notes") { note in note?.text = "two" }
        #expect(try await first.record(Note.self, id: "1", in: "notes") == Note(text: "two"))
        try await second.deleteRecord(id: "1", in: "notes")
        #expect(try await first.record(Note.self, id: "1", in: "notes") == nil)
        #expect(try await first.records(Note.self, in: "notes").isEmpty)
        #expect(
            try await storage.records(module: "m", owner: .user("someone else")).record(Note.self, id: "1", in: "notes") == nil,
            "owners stay apart")
    }

    @Test func onlyReadsTheCacheDoesNotHaveAreCountedAsLoads() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let cache = try #require(storage.recordCache)
        let records = storage.records(module: "m", owner: .user("u"))
        let start = cache.loads
        _ = try await records.record(Note.self, id: "1", in: "notes")
        _ = try await records.records(Note.self, in: "notes")
        #expect(cache.loads == start + 2, "a record and a collection read from the database")
        _ = try await records.record(Note.self, id: "1", in: "notes")
        _ = try await records.records(Note.self, in: "notes")
        #expect(cache.loads == start + 2, "kept: no load")
        try await records.save(Note(text: "one"), id: "1", in: "notes")
        _ = try await records.record(Note.self, id: "1", in: "notes")
        #expect(cache.loads == start + 3, "a write makes the next read load again")
    }

    @Test func readsRacingWritesNeverKeepAnOldValue() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let records = storage.records(module: "m", owner: .shared)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 1...100 {
                group.addTask {
                    _ = try await records.update(Int.self, id: "counter", in: "c") { value in value = (value ?? 0) + 1 }
                }
                group.addTask { _ = try await records.record(Int.self, id: "counter", in: "c") }
                if index.isMultiple(of: 10) {
                    group.addTask { _ = try await records.records(Int.self, in: "c") }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await records.record(Int.self, id: "counter", in: "c") == 100, "no read kept a count from before the last write")
        #expect(try await records.records(Int.self, in: "c") == [100])
    }

    @Test func signingInForgetsTheVisitorsRecordsAndTheAccountsOldOnes() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let registrar = HostRegistrar.testing(ModuleManifest(id: "m", title: "M", version: "1"))
        registrar.mergeAtSignIn(Note.self, in: "notes") { visitor, account in Note(text: account.text + "+" + visitor.text) }
        let sessions = try SessionStore(storage: storage, hostKey: .random(), signInMerges: ["m": registrar.signInMerges])
        let visitor = storage.records(module: "m", owner: .visitor("v"))
        let account = storage.records(module: "m", owner: .user("u"))
        try await visitor.save(Note(text: "visitor"), id: "1", in: "notes")
        try await account.save(Note(text: "account"), id: "1", in: "notes")
        // Both read (and so remembered) before signing in.
        #expect(try await visitor.record(Note.self, id: "1", in: "notes") == Note(text: "visitor"))
        #expect(try await account.record(Note.self, id: "1", in: "notes") == Note(text: "account"))
        _ = try await sessions.rotate(token: nil, visitorID: "v", userID: "u")
        #expect(try await account.record(Note.self, id: "1", in: "notes") == Note(text: "account+visitor"))
        #expect(try await visitor.record(Note.self, id: "1", in: "notes") == nil)
    }

    @Test func aSessionSignedOutElsewhereOpensNothingAtOnce() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let clock = TestClock()
        let sessions = try SessionStore(storage: storage, hostKey: .random(), now: { clock.now })
        let (token, _) = try await sessions.create(userID: "u")
        #expect(try await sessions.find(token: token)?.record.userID == "u")
        #expect(try await sessions.find(token: token)?.record.userID == "u", "answered from memory")
        try await sessions.revoke(token: token)
        #expect(try await sessions.find(token: token) == nil)
    }

    @Test func aSessionReplacedAtSignInNoLongerCarriesItsUser() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let sessions = try SessionStore(storage: storage, hostKey: .random())
        let (token, _) = try await sessions.create(userID: "u")
        #expect(try await sessions.find(token: token)?.record.userID == "u")
        _ = try await sessions.rotate(token: token, visitorID: "v", userID: "w")
        let replaced = try #require(try await sessions.find(token: token))
        #expect(replaced.record.isReplaced && replaced.record.userID == nil)
    }

    @Test func aRememberedSessionStillExpiresOnTime() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let clock = TestClock()
        let sessions = try SessionStore(storage: storage, hostKey: .random(), lifetime: .seconds(600), now: { clock.now })
        let (token, _) = try await sessions.create(userID: "u")
        #expect(try await sessions.find(token: token) != nil)
        clock.advance(seconds: 601)
        #expect(try await sessions.find(token: token) == nil)
    }

    @Test func aFullCacheStartsOverAndStillAnswersRight() async throws {
        let cache = RecordCache(maximumCost: 1 << 20, maximumCount: 3)
        for index in 0..<10 {
            let key = RecordCache.Key(module: "m", collection: "c", id: "\(index)")
            cache.keep(.value(index), for: key, owner: "o", cost: 10, readAt: cache.generation(of: "o"))
        }
        var kept = 0
        for index in 0..<10 {
            if let entry = cache.entry(for: RecordCache.Key(module: "m", collection: "c", id: "\(index)"), owner: "o") {
                #expect(entry.value(of: Int.self) == index)
                #expect(entry.value(of: String.self) == nil, "a value is given only as its own type")
                kept += 1
            }
        }
        #expect(kept >= 1 && kept <= 3, "at most the capacity is kept, got \(kept)")
        let big = RecordCache.Key(module: "m", collection: "c", id: "big")
        cache.keep(.absent, for: big, owner: "o", cost: 1 << 19, readAt: cache.generation(of: "o"))
        #expect(cache.entry(for: big, owner: "o") == nil, "a record larger than a sixteenth of the cache is not kept")
        let stale = cache.generation(of: "o")
        let other = cache.generation(of: "other-owner-\(RecordCache.stripeCount)")
        cache.forget([.record(module: "m", collection: "c", owner: "o", id: "0")])
        cache.keep(.absent, for: RecordCache.Key(module: "m", collection: "c", id: "1"), owner: "o", cost: 1, readAt: stale)
        #expect(cache.entry(for: RecordCache.Key(module: "m", collection: "c", id: "1"), owner: "o") == nil, "read before a write: not kept")
        if RecordCache.stripe(of: "other-owner-\(RecordCache.stripeCount)") != RecordCache.stripe(of: "o") {
            cache.keep(.absent, for: big, owner: "other-owner-\(RecordCache.stripeCount)", cost: 1, readAt: other)
            #expect(cache.entry(for: big, owner: "other-owner-\(RecordCache.stripeCount)") != nil, "another owner's read is kept")
        }
    }

    @Test func aSecondHostCannotServeTheSameDatabase() async throws {
        let storage = try temporaryStorage()
        try storage.claimForServing()
        let second = try SQLiteStorage(path: storage.path)
        #expect {
            try second.claimForServing()
        } throws: { error in
            "\(error)".contains("another Atrium host (process \(getpid())) is serving this database")
        }
        try second.close()
        try storage.close()
        let third = try SQLiteStorage(path: storage.path)
        defer { try? third.close() }
        try third.claimForServing()
    }
}

/// The signed visitor pass accepts one spelling of its signature only.
@Suite("Visitor pass")
struct VisitorPassTests {
    @Test func base64URLMatchesFoundationsBase64WithTheURLAlphabetAndNoPadding() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let foundation = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(Data(bytes)) == foundation, "\(length) bytes")
            #expect(Base64URL.decode(foundation) == Data(bytes))
        }
    }

    @Test func aVisitorIDIsAVersion4UUIDWrittenAsFoundationWritesIt() throws {
        for _ in 0..<200 {
            let id = VisitorPass.newVisitorID()
            let uuid = try #require(UUID(uuidString: id))
            #expect(uuid.uuidString == id)
            let characters = Array(id)
            #expect(characters[14] == "4" && "89AB".contains(characters[19]), "\(id)")
        }
        let bytes: [UInt8] = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]
        #expect(bytes.withUnsafeBytes { VisitorPass.uuidText($0) } == "00112233-4455-6677-8899-AABBCCDDEEFF")
    }

    @Test func aSignatureSpelledWithOtherUnusedBitsIsRefused() throws {
        let pass = try VisitorPass(hostKey: .random())
        let issued = pass.issue(visitorID: VisitorPass.newVisitorID(), at: Date())
        #expect(pass.verify(issued) != nil)
        // 32 bytes take 43 characters; the last one carries 4 bits and 2 unused ones, which Base64
        // decoders commonly ignore.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = try #require(issued.last)
        let value = try #require(alphabet.firstIndex(of: last))
        #expect(value & 0b11 == 0, "issued in the canonical spelling")
        let respelled = String(issued.dropLast()) + String(alphabet[value | 0b01])
        #expect(pass.verify(respelled) == nil)
        #expect(Base64URL.decode("AA") != nil && Base64URL.decode("AB") == nil && Base64URL.decode("A+") == nil)
    }
}
