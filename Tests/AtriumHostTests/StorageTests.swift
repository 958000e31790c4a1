import AtriumHost
import AtriumSDK
import Foundation
import GRDB
import Testing

@testable import AtriumFixtures
@testable import AtriumHost
@testable import AtriumStorage

@Suite("Storage")
struct StorageTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appending(path: "atrium-storage-\(UUID().uuidString)/db.sqlite").path
    }

    @Test func recordsSurviveReopeningTheDatabase() async throws {
        let path = temporaryPath()
        do {
            let storage = try SQLiteStorage(path: path)
            try await storage.records(module: "notes", owner: .visitor("v1")).save(Note(text: "kept"), id: "1", in: "notes")
            try storage.close()
        }
        let reopened = try SQLiteStorage(path: path)
        defer { try? reopened.close() }
        #expect(try await reopened.records(module: "notes", owner: .visitor("v1")).record(Note.self, id: "1", in: "notes") == Note(text: "kept"))
    }

    /// GRDB's own `close()` left a read that already held the pool running on a closed connection,
    /// and SQLite crashed on its null handle: a test host torn down under a background read took
    /// the whole test process down that way.
    @Test func closingUnderReadsAndWritesInFlightEndsEachWithAnAnswerOrUnavailable() async throws {
        let storage = try SQLiteStorage(path: temporaryPath())
        let database = storage.database
        let outcomes = try await withThrowingTaskGroup(of: (answered: Int, refused: Int).self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var answered = 0
                    var refused = 0
                    for round in 0..<400 {
                        do {
                            if (worker + round) % 4 == 0 {
                                try await database.write { db in try db.execute(sql: "SELECT 1") }
                            } else {
                                _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records") }
                            }
                            answered += 1
                        } catch is StorageUnavailable {
                            refused += 1
                        }
                        if round % 16 == 0 { await Task.yield() }
                    }
                    return (answered, refused)
                }
            }
            try await Task.sleep(for: .milliseconds(20))
            try storage.close()
            return try await group.reduce(into: (answered: 0, refused: 0)) { total, worker in
                total.answered += worker.answered
                total.refused += worker.refused
            }
        }
        #expect(outcomes.answered + outcomes.refused == 8 * 400)
        #expect(outcomes.refused > 0, "every operation finished before the close: nothing ran under it")
        await #expect(throws: StorageUnavailable.self) { try await database.read { db in try Int.fetchOne(db, sql: "SELECT 1") } }
        await #expect(throws: StorageUnavailable.self) { try await database.write { db in try db.execute(sql: "SELECT 1") } }
    }

    @Test func storesAreScopedByModuleAndOwner() async throws {
        let storage = try SQLiteStorage(path: temporaryPath())
        defer { try? storage.close() }
        try await storage.records(module: "notes", owner: .visitor("a")).save(Note(text: "a's"), id: "1", in: "notes")
        #expect(try await storage.records(module: "notes", owner: .visitor("b")).records(Note.self, in: "notes").isEmpty)
        #expect(try await storage.records(module: "other", owner: .visitor("a")).records(Note.self, in: "notes").isEmpty)
        #expect(try await storage.records(module: "notes", owner: .user("a")).records(Note.self, in: "notes").isEmpty)
        try await storage.records(module: "notes", owner: .visitor("a")).deleteRecord(id: "1", in: "notes")
        #expect(try await storage.records(module: "notes", owner: .visitor("a")).records(Note.self, in: "notes").isEmpty)
    }

    @Test func theDatabaseIsInWALMode() async throws {
        let path = temporaryPath()
        let storage = try SQLiteStorage(path: path)
        try await storage.records(module: "m", owner: .shared).save(Note(text: "x"), id: "1", in: "c")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try storage.close()
    }

    @Test func migrationsRunOncePerModule() async throws {
        let storage = try SQLiteStorage(path: temporaryPath())
        defer { try? storage.close() }
        try await storage.records(module: "notes", owner: .visitor("a")).save(Note(text: "quiet"), id: "1", in: "notes")
        let migration = StorageMigration.expand("1") { migrator in
            try await migrator.rewrite(collection: "notes") { _, json in
                var note = try JSONDecoder().decode(Note.self, from: json)
                note.text += "!"
                return try JSONEncoder().encode(note)
            }
        }
        #expect(try await storage.run(migration, module: "notes"))
        #expect(try await storage.run(migration, module: "notes"), "applied already: nothing to do")
        #expect(try await storage.records(module: "notes", owner: .visitor("a")).record(Note.self, id: "1", in: "notes")?.text == "quiet!")
    }

    @Test func aVisitorsRecordsFollowThemAcrossRequestsButNotToOthers() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { alice in
            _ = try await alice.get("/notes")
            _ = try await alice.post("/notes", form: ["text": "Alice's secret"])
            let page = try await alice.get("/notes")
            #expect(page.body.contains("Alice&#39;s secret"))
        }
        try await host.run { bob in
            let page = try await bob.get("/notes")
            #expect(!page.body.contains("Alice"))
        }
    }

    @Test func sessionsAreValidAfterARestartOnTheSameStorage() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "atrium-restart-\(UUID().uuidString)")
        let first = try await Fixture.host(directory: directory)
        let cookies = try await first.run { browser in
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            return browser.cookies
        }
        try first.storage.close()
        let second = try await Fixture.host(directory: directory)
        defer { second.tearDown() }
        try await second.run { browser in
            browser.setCookies(cookies)
            let page = try await browser.get("/notes/private")
            #expect(page.status == 200)
        }
    }
}

/// Beside the PostgreSQL outage: a full disk, a failing one or a file locked past its timeout is
/// "try again" (503), not a server error.
@Suite("SQLite outages")
struct SQLiteOutageTests {
    @Test func aFullOrFailingDatabaseFileIsUnavailableAndOtherErrorsAreNot() {
        #expect(SQLiteDatabase.unavailable(DatabaseError(resultCode: .SQLITE_FULL)) != nil)
        #expect(SQLiteDatabase.unavailable(DatabaseError(resultCode: .SQLITE_IOERR)) != nil)
        #expect(SQLiteDatabase.unavailable(DatabaseError(resultCode: .SQLITE_BUSY)) != nil)
        #expect(SQLiteDatabase.unavailable(DatabaseError(resultCode: .SQLITE_CONSTRAINT)) == nil, "a query's own error")
        #expect(SQLiteDatabase.unavailable(DatabaseError(resultCode: .SQLITE_ERROR)) == nil)
    }
}
