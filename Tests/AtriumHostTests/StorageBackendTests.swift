import AtriumHost
import AtriumRuntime
import AtriumSDK
import AtriumServices
import AtriumStorage
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@testable import AtriumFixtures

/// What every storage backend must do alike, and what must hold when several hosts share one
/// database. Each test opens two storages on one database, as two hosts would: on SQLite two
/// connections to one file, on PostgreSQL two connection pools to one schema.
@Suite("Storage backends")
struct StorageBackendTests {
    /// Two hosts' storages on one fresh database, opened at the same moment (both make the
    /// database's tables, or find them made).
    static func twoHosts(_ backend: TestStorage) async throws -> (any HostStorage, any HostStorage) {
        let name = UUID().uuidString
        async let first = backend.open(name: name)
        async let second = backend.open(name: name)
        return try await (first, second)
    }

    struct Counter: Codable, Sendable, Equatable { var value: Int }

    /// A module writes only to the collections its manifest declares (the host declares them when
    /// it connects the module); reads elsewhere find nothing, writes throw and store nothing.
    @Test(arguments: TestStorage.available)
    func aModuleWritesOnlyToTheCollectionsItDeclared(_ backend: TestStorage) async throws {
        let (storage, _) = try await Self.twoHosts(backend)
        defer { try? storage.close() }
        storage.collectionGrants.declare(["notes"], of: "notes")
        let shared = storage.records(module: "notes", owner: .shared)
        let visitor = storage.records(module: "notes", owner: .visitor("a"))
        try await visitor.save(Note(text: "kept"), id: "1", in: "notes")
        let refused = "module 'notes' writes to the collection 'secrets', which its manifest does not declare in collections"
        for store in [shared, visitor] {
            await #expect { try await store.save(Note(text: "x"), id: "1", in: "secrets") } throws: { "\($0)" == refused }
            await #expect { try await store.insert(Note(text: "x"), id: "2", in: "secrets") } throws: { "\($0)" == refused }
            await #expect { try await store.update(Note.self, id: "3", in: "secrets") { $0 = Note(text: "x") } } throws: { "\($0)" == refused }
            await #expect { try await store.deleteRecord(id: "1", in: "secrets") } throws: { "\($0)" == refused }
            #expect(try await store.records(Note.self, in: "secrets").isEmpty)
        }
        #expect(try await visitor.record(Note.self, id: "1", in: "notes") == Note(text: "kept"))
        // A module the host never declared (its own records, a tool's) is held to no list.
        try await storage.records(module: "other", owner: .shared).save(Note(text: "y"), id: "1", in: "anything")
    }

    @Test(arguments: TestStorage.available)
    func recordsAreScopedByModuleAndOwnerAndKeepAnyIdInOrder(_ backend: TestStorage) async throws {
        let (storage, _) = try await Self.twoHosts(backend)
        defer { try? storage.close() }
        let mine = storage.records(module: "notes", owner: .visitor("a"))
        // Ids a visitor might make: a NUL, non-ASCII, a megabyte; stored and listed by byte order.
        let ids = ["b", "a\u{0}z", "é", String(repeating: "x", count: 1 << 20), "A", ""]
        for (index, id) in ids.enumerated() { try await mine.save(Note(text: "\(index)"), id: id, in: "notes") }
        for (index, id) in ids.enumerated() { #expect(try await mine.record(Note.self, id: id, in: "notes") == Note(text: "\(index)")) }
        let order = ids.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(try await mine.records(Note.self, in: "notes").map(\.text) == order.map { id in "\(ids.firstIndex(of: id)!)" })
        #expect(try await storage.records(module: "notes", owner: .visitor("b")).records(Note.self, in: "notes").isEmpty)
        #expect(try await storage.records(module: "other", owner: .visitor("a")).records(Note.self, in: "notes").isEmpty)
        #expect(try await storage.records(module: "notes", owner: .user("a")).records(Note.self, in: "notes").isEmpty)
        try await mine.deleteRecord(id: "é", in: "notes")
        #expect(try await mine.record(Note.self, id: "é", in: "notes") == nil)
        #expect(try await mine.records(Note.self, in: "notes").count == ids.count - 1)
    }

    @Test(arguments: TestStorage.available)
    func parallelChangesOnTwoHostsAllCount(_ backend: TestStorage) async throws {
        let (first, second) = try await Self.twoHosts(backend)
        defer {
            try? first.close()
            try? second.close()
        }
        let stores = [first, second].map { $0.records(module: "m", owner: .shared) }
        // 2 × 10 increments of a counter that does not exist yet: the first ones race to create it.
        // (They queue on one row lock; with the whole suite on PostgreSQL on two cores, 30 could
        // keep the last waiting past the 5 s deadline of a storage operation.)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    _ = try await stores[index % 2].update(Counter.self, id: "c", in: "counters") { counter in
                        counter = Counter(value: (counter?.value ?? 0) + 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await stores[0].record(Counter.self, id: "c", in: "counters") == Counter(value: 20))
        #expect(try await stores[1].record(Counter.self, id: "c", in: "counters") == Counter(value: 20))
    }

    @Test(arguments: TestStorage.available)
    func aUniqueKeyInsertedOnTwoHostsAtOnceGoesToExactlyOne(_ backend: TestStorage) async throws {
        let (first, second) = try await Self.twoHosts(backend)
        defer {
            try? first.close()
            try? second.close()
        }
        let stores = [first, second].map { $0.records(module: "login", owner: .shared) }
        let winners = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<8 {
                group.addTask { try await stores[index % 2].insert(Note(text: "\(index)"), id: "ada@example.com", in: "emails") ? index : nil }
            }
            return try await group.reduce(into: [Int]()) { if let index = $1 { $0.append(index) } }
        }
        #expect(winners.count == 1)
        let stored = try await stores[1].record(Note.self, id: "ada@example.com", in: "emails")
        #expect(stored == Note(text: "\(winners.first ?? -1)"), "the one that won is the one kept")
        #expect(try await stores[0].insert(Note(text: "late"), id: "ada@example.com", in: "emails") == false)
    }

    @Test(arguments: TestStorage.available)
    func aChangeThatThrowsLeavesTheRecordAsItWas(_ backend: TestStorage) async throws {
        struct Refused: Error {}
        let (storage, _) = try await Self.twoHosts(backend)
        defer { try? storage.close() }
        let store = storage.records(module: "m", owner: .user("u"))
        try await store.save(Counter(value: 1), id: "c", in: "counters")
        await #expect(throws: Refused.self) {
            try await store.update(Counter.self, id: "c", in: "counters") { counter in
                counter?.value = 99
                throw Refused()
            }
        }
        #expect(try await store.record(Counter.self, id: "c", in: "counters") == Counter(value: 1))
        let deleted = try await store.update(Counter.self, id: "c", in: "counters") { counter -> Bool in
            counter = nil
            return true
        }
        #expect(deleted)
        #expect(try await store.record(Counter.self, id: "c", in: "counters") == nil)
    }

    @Test(arguments: TestStorage.available)
    func twoHostsStartingTogetherRunEachMigrationOnce(_ backend: TestStorage) async throws {
        let (first, second) = try await Self.twoHosts(backend)
        defer {
            try? first.close()
            try? second.close()
        }
        try await first.records(module: "notes", owner: .visitor("a")).save(Note(text: "quiet"), id: "1", in: "notes")
        let runs = Atomic<Int>(0)
        let migration = StorageMigration.expand("1") { migrator in
            runs.add(1, ordering: .relaxed)
            try await migrator.rewrite(collection: "notes") { _, json in
                var note = try JSONDecoder().decode(Note.self, from: json)
                note.text += "!"
                return try JSONEncoder().encode(note)
            }
        }
        async let one = first.run(migration, module: "notes")
        async let two = second.run(migration, module: "notes")
        let (ranOne, ranTwo) = try await (one, two)
        #expect(ranOne || ranTwo, "one of them ran it; the other was told another runs it, or found it applied")
        #expect(try await second.run(migration, module: "notes"), "applied: nothing left to run")
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(try await second.records(module: "notes", owner: .visitor("a")).record(Note.self, id: "1", in: "notes")?.text == "quiet!")
        let record = try #require(try await first.migrationRecords().first { $0.module == "notes" && $0.id == "1" })
        #expect(record.state == .applied && record.kind == .expand)
        #expect(record.progress.done == 1 && record.progress.total == 1)
    }

    /// 600 records, three batches: the transform fails in the second, which changes nothing; the
    /// first stays done, and the next run resumes after it, rewriting each record once in all.
    @Test(arguments: TestStorage.available)
    func aMigrationThatFailsKeepsItsBatchesAndResumesAfterTheLastOne(_ backend: TestStorage) async throws {
        struct Broken: Error {}
        let (storage, _) = try await Self.twoHosts(backend)
        defer { try? storage.close() }
        let store = storage.records(module: "notes", owner: .shared)
        for index in 0..<600 { try await store.save(Note(text: "n"), id: String(format: "%03d", index), in: "notes") }
        let exclaiming: @Sendable (String, Data) throws -> Data? = { _, json in
            var note = try JSONDecoder().decode(Note.self, from: json)
            note.text += "!"
            return try JSONEncoder().encode(note)
        }
        // The 400th record reached (in the backend's order) breaks the second batch.
        let reached = Atomic<Int>(0)
        let failing = StorageMigration.contract("2") { migrator in
            try await migrator.rewrite(collection: "notes") { id, json in
                if reached.add(1, ordering: .relaxed).newValue == 400 { throw Broken() }
                return try exclaiming(id, json)
            }
        }
        await #expect(throws: Broken.self) { _ = try await storage.run(failing, module: "notes") }
        let failed = try #require(try await storage.migrationRecords().first { $0.id == "2" })
        #expect(failed.state == .failed && failed.kind == .contract)
        #expect(failed.error?.contains("Broken") == true)
        #expect(failed.progress.done == MigrationProgress.batch && failed.progress.total == 600, "the first batch committed, the second did not")
        #expect(
            try await store.records(Note.self, in: "notes").filter { $0.text == "n!" }.count == MigrationProgress.batch,
            "the failed batch changed nothing")

        let seen = Atomic<Int>(0)
        let mended = StorageMigration.contract("2") { migrator in
            try await migrator.rewrite(collection: "notes") { id, json in
                seen.add(1, ordering: .relaxed)
                return try exclaiming(id, json)
            }
        }
        #expect(try await storage.run(mended, module: "notes"))
        #expect(seen.load(ordering: .relaxed) == 600 - MigrationProgress.batch, "resumed after the last batch that committed")
        #expect(try await store.records(Note.self, in: "notes").map(\.text) == Array(repeating: "n!", count: 600), "each record once")
        let applied = try #require(try await storage.migrationRecords().first { $0.id == "2" })
        #expect(applied.state == .applied && applied.error == nil && applied.progress.done == 600)

        let deleting = StorageMigration.contract("3") { migrator in try await migrator.rewrite(collection: "notes") { _, _ in nil } }
        #expect(try await storage.run(deleting, module: "notes"))
        #expect(try await store.record(Note.self, id: "000", in: "notes") == nil)
        #expect(try await store.record(Note.self, id: "599", in: "notes") == nil)
    }

    /// SQLite's host keeps what it read (one host per file, which it claims); sessions on two hosts
    /// are PostgreSQL's case.
    @Test(.enabled(if: TestStorage.postgresURL != nil, "needs ATRIUM_TEST_POSTGRES_URL (bash Tests/run-all.sh starts a server)"))
    func aSessionMadeOnOneHostIsFoundChangedAndEndedOnTheOther() async throws {
        let (first, second) = try await Self.twoHosts(.postgres)
        defer {
            try? first.close()
            try? second.close()
        }
        let key = HostKey.random()
        let onA = try SessionStore(storage: first, hostKey: key)
        let onB = try SessionStore(storage: second, hostKey: key)
        try await first.records(module: "notes", owner: .visitor("v1")).save(Note(text: "before sign-in"), id: "1", in: "notes")
        let anonymous = try await onA.create(visitorID: "v1")
        #expect(try await onB.find(token: anonymous.token)?.record == anonymous.record)

        let signedIn = try await onB.rotate(token: anonymous.token, visitorID: "v1", userID: "ada")
        let found = try #require(try await onA.find(token: signedIn.token))
        #expect(found.record.userID == "ada")
        #expect(found.record.previousCSRFToken == anonymous.record.csrfToken, "a form from before the sign-in still carries a token it accepts")
        #expect(try await onA.find(token: anonymous.token)?.record.isReplaced == true)
        #expect(try await first.records(module: "notes", owner: .user("ada")).record(Note.self, id: "1", in: "notes") == Note(text: "before sign-in"))

        try await onA.revoke(token: signedIn.token)
        #expect(try await onB.find(token: signedIn.token) == nil)
    }

    @Test func theSecondSQLiteHostIsRefusedButPostgreSQLTakesSeveral() async throws {
        let (first, second) = try await Self.twoHosts(.sqlite)
        defer {
            try? first.close()
            try? second.close()
        }
        try first.claimForServing()
        #expect(throws: SQLiteStorage.ClaimRefused.self) { try second.claimForServing() }
        if TestStorage.postgresURL != nil {
            let (one, two) = try await Self.twoHosts(.postgres)
            defer {
                try? one.close()
                try? two.close()
            }
            try one.claimForServing()
            try two.claimForServing()
            let ready = (await one.isReady(), await two.isReady())
            #expect(ready == (true, true))
        }
    }
}
