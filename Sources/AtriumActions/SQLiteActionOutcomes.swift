import AtriumStorage
import Foundation
import GRDB
import Synchronization

/// The kept outcomes in the SQLite file (table `actionOutcomes`). One host serves the file, so what
/// only this host needs to know is kept in memory: the claims of actions still acting, and the
/// outcomes of the last moments, written to the file together a moment later (one write
/// transaction for many posts, not one more per post). A post with a new key costs a read before it
/// acts; a host that dies loses the outcomes of its last ``flushDelay`` (a repeat of those acts
/// again), as it loses the answers it had not sent.
final class SQLiteActionOutcomes: ActionOutcomeStore {
    let database: SQLiteDatabase
    /// How long a finished outcome waits in memory before it is written, with the others then.
    static let flushDelay: Duration = .milliseconds(50)

    private struct Kept: Sendable {
        var owner: String
        var key: String
        var fingerprint: String
        var at: Double
        var outcome: StoredOutcome
        var most: Int
    }

    private struct State {
        /// Owner and key of each action acting now.
        var acting: Set<String> = []
        /// Outcomes not yet written, by owner and key.
        var unwritten: [String: Kept] = [:]
        /// Whether a write of them is on its way.
        var isFlushing = false
    }

    private let state = Mutex(State())

    init(database: SQLiteDatabase) {
        self.database = database
    }

    private static func claimKey(_ owner: String, _ key: String) -> String { owner + "\u{0}" + key }

    func claim(owner: String, key: String, fingerprint: String, at now: Double, staleBefore: Double, expiredBefore: Double, most: Int)
        async throws -> ActionClaim
    {
        let claimKey = Self.claimKey(owner, key)
        let inMemory = state.withLock { state -> ActionClaim? in
            if state.acting.contains(claimKey) { return .inProgress }
            guard let kept = state.unwritten[claimKey] else { return nil }
            return kept.fingerprint == fingerprint ? .done(kept.outcome) : .mismatch
        }
        if let inMemory { return inMemory }
        let found = try await database.read { db -> (fingerprint: String, outcome: StoredOutcome)? in
            // Statements prepared once per connection: preparing costs more than the lookup.
            let lookup = try db.cachedStatement(
                sql: """
                    SELECT fingerprint, status, location, contentType, fieldLines, body FROM actionOutcomes
                    WHERE owner = ? AND key = ? AND createdAt >= ?
                    """)
            guard let row = try Row.fetchOne(lookup, arguments: [owner, key, expiredBefore]) else { return nil }
            let outcome = StoredOutcome(
                status: row["status"], location: row["location"], contentType: row["contentType"], fieldLines: row["fieldLines"],
                body: row["body"] ?? Data())
            return (row["fingerprint"], outcome)
        }
        if let found { return found.fingerprint == fingerprint ? .done(found.outcome) : .mismatch }
        // Not done: this request's, unless another took it (or finished it) meanwhile.
        return state.withLock { state in
            if let kept = state.unwritten[claimKey] { return kept.fingerprint == fingerprint ? .done(kept.outcome) : .mismatch }
            return state.acting.insert(claimKey).inserted ? .claimed : .inProgress
        }
    }

    func finish(owner: String, key: String, fingerprint: String, at now: Double, outcome: StoredOutcome, most: Int) async throws {
        let claimKey = Self.claimKey(owner, key)
        let startsFlush = state.withLock { state in
            state.unwritten[claimKey] = Kept(owner: owner, key: key, fingerprint: fingerprint, at: now, outcome: outcome, most: most)
            state.acting.remove(claimKey)
            defer { state.isFlushing = true }
            return !state.isFlushing
        }
        guard startsFlush else { return }
        Task {
            try? await Task.sleep(for: Self.flushDelay)
            await flush()
        }
    }

    /// Writes the outcomes kept in memory, in one transaction, then keeps each owner to its most.
    func flush() async {
        let batch = state.withLock { state in Array(state.unwritten.values) }
        guard !batch.isEmpty else {
            state.withLock { $0.isFlushing = false }
            return
        }
        do {
            try await database.write { db in
                // Prepared once for the batch (and kept for the next): the writer is every post's.
                let insert = try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO actionOutcomes (owner, key, fingerprint, createdAt, status, location, contentType, fieldLines, body)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                for kept in batch {
                    let outcome = kept.outcome
                    try insert.execute(arguments: [
                        kept.owner, kept.key, kept.fingerprint, kept.at, outcome.status, outcome.location, outcome.contentType,
                        outcome.fieldLines, outcome.body,
                    ])
                }
                let bound = try db.cachedStatement(
                    sql: """
                        DELETE FROM actionOutcomes WHERE owner = ?1 AND createdAt < (
                            SELECT createdAt FROM actionOutcomes WHERE owner = ?1 ORDER BY createdAt DESC LIMIT 1 OFFSET ?2 - 1)
                        """)
                for (owner, most) in Dictionary(batch.map { ($0.owner, $0.most) }, uniquingKeysWith: { first, _ in first }) {
                    // The owner's newest `most` stay (index actionOutcomes_owner: no sort).
                    try bound.execute(arguments: [owner, most])
                }
            }
        } catch {
            // Kept in memory for the next try: a repeat is still answered meanwhile.
            state.withLock { $0.isFlushing = false }
            return
        }
        let again = state.withLock { state in
            for kept in batch {
                let claimKey = Self.claimKey(kept.owner, kept.key)
                if state.unwritten[claimKey]?.at == kept.at { state.unwritten[claimKey] = nil }
            }
            if state.unwritten.isEmpty { state.isFlushing = false }
            return !state.unwritten.isEmpty
        }
        if again {
            try? await Task.sleep(for: Self.flushDelay)
            await flush()
        }
    }

    func release(owner: String, key: String) async throws {
        _ = state.withLock { $0.acting.remove(Self.claimKey(owner, key)) }
    }

    func purge(before date: Double) async throws -> Int {
        await flush()
        return try await database.write { db in
            try db.execute(sql: "DELETE FROM actionOutcomes WHERE createdAt < ?", arguments: [date])
            return db.changesCount
        }
    }

    func count(owner: String) async throws -> Int {
        await flush()
        return try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM actionOutcomes WHERE owner = ?", arguments: [owner]) ?? 0
        }
    }
}
