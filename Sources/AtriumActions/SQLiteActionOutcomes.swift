import AtriumStorage
import Foundation
import GRDB
import Synchronization

/// The kept outcomes in the SQLite file (table `actionOutcomes`). One host serves the file, so the
/// claims of actions still acting are kept in memory, and an action costs one read before it acts
/// (is its key done?) and one write after (its outcome): not a write to claim the key as well.
final class SQLiteActionOutcomes: ActionOutcomeStore {
    let database: SQLiteDatabase
    /// Owner and key of each action acting now.
    private let acting = Mutex<Set<String>>([])

    init(database: SQLiteDatabase) {
        self.database = database
    }

    private static func claimKey(_ owner: String, _ key: String) -> String { owner + "\u{0}" + key }

    func claim(owner: String, key: String, fingerprint: String, at now: Double, staleBefore: Double, expiredBefore: Double, most: Int)
        async throws -> ActionClaim
    {
        let claimKey = Self.claimKey(owner, key)
        if acting.withLock({ $0.contains(claimKey) }) { return .inProgress }
        let found = try await database.read { db -> (fingerprint: String, outcome: StoredOutcome)? in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT fingerprint, status, location, contentType, fieldLines, body FROM actionOutcomes
                        WHERE owner = ? AND key = ? AND createdAt >= ?
                        """,
                    arguments: [owner, key, expiredBefore])
            else { return nil }
            let outcome = StoredOutcome(
                status: row["status"], location: row["location"], contentType: row["contentType"], fieldLines: row["fieldLines"],
                body: row["body"] ?? Data())
            return (row["fingerprint"], outcome)
        }
        if let found { return found.fingerprint == fingerprint ? .done(found.outcome) : .mismatch }
        // Not done: this request's, unless another took it meanwhile.
        let claimed = acting.withLock { $0.insert(claimKey).inserted }
        return claimed ? .claimed : .inProgress
    }

    func finish(owner: String, key: String, fingerprint: String, at now: Double, outcome: StoredOutcome, most: Int) async throws {
        defer { _ = acting.withLock { $0.remove(Self.claimKey(owner, key)) } }
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO actionOutcomes (owner, key, fingerprint, createdAt, status, location, contentType, fieldLines, body)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [owner, key, fingerprint, now, outcome.status, outcome.location, outcome.contentType, outcome.fieldLines, outcome.body])
            let held = try Int.fetchOne(db, sql: "SELECT count(*) FROM actionOutcomes WHERE owner = ?", arguments: [owner]) ?? 0
            if held > most {
                try db.execute(
                    sql: """
                        DELETE FROM actionOutcomes WHERE owner = ? AND key IN (
                            SELECT key FROM actionOutcomes WHERE owner = ? ORDER BY createdAt, key LIMIT ?)
                        """,
                    arguments: [owner, owner, held - most])
            }
        }
    }

    func release(owner: String, key: String) async throws {
        _ = acting.withLock { $0.remove(Self.claimKey(owner, key)) }
    }

    func purge(before date: Double) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM actionOutcomes WHERE createdAt < ?", arguments: [date])
            return db.changesCount
        }
    }

    func count(owner: String) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM actionOutcomes WHERE owner = ?", arguments: [owner]) ?? 0
        }
    }
}
