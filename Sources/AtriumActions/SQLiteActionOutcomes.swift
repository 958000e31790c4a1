import AtriumStorage
import Foundation
import GRDB
import Synchronization

/// The kept outcomes in the SQLite file (table `actionOutcomes`). One host serves the file, so what
/// only this host needs to know is kept in memory: the claims of actions still acting, and the
/// outcomes of the last moments, written to the file together a moment later (one write
/// transaction for many posts, not one more per post), and which keys the file holds (a
/// ``KeyFilter``, read from the file when the store is made and again after each purge), so a post
/// with a new key acts without reading the file first. A host that dies loses the outcomes of its
/// last ``flushDelay`` (a repeat of those acts again), as it loses the answers it had not sent.
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
        /// Every owner and key the file may hold, once read (``isFiltered``), and every one kept since.
        var filter = KeyFilter()
        /// Whether ``filter`` holds every key of the file: until it is read, a claim reads the file.
        var isFiltered = false
        /// While the filter is made again from the file: the keys kept meanwhile.
        var keptWhileFiltering: KeyFilter?
        /// The filter's first reading of the file, once started.
        var firstReading: Task<Void, Never>?
        /// Whether another process wrote the file while this one served it (a hand-over): the filter
        /// lacks its keys, and is read again once this process serves alone.
        var sawOtherProcess = false
    }

    private let state = Mutex(State())
    /// Whether the store keeps a filter of the file's keys (off: every claim reads the file).
    private let filtersKeys: Bool

    /// The file's change feed: it says whether another process writes the file meanwhile.
    private let feed: ChangeFeed?

    init(database: SQLiteDatabase, feed: ChangeFeed? = nil, filtersKeys: Bool = true) {
        self.database = database
        self.feed = feed
        self.filtersKeys = filtersKeys
    }

    /// The filter's first reading of the file, started by the first claim (or a test): until it
    /// is done, claims read the file.
    private func firstReading() -> Task<Void, Never>? {
        guard filtersKeys else { return nil }
        return state.withLock { state in
            if let reading = state.firstReading { return reading }
            let reading = Task { await self.refilter() }
            state.firstReading = reading
            return reading
        }
    }

    /// Waits for the filter's first reading of the file (for tests).
    func filtered() async { await firstReading()?.value }

    /// Makes the filter again from the file's keys (an expired or bounded one leaves it), keeping
    /// the keys kept meanwhile. When the file cannot be read, claims read it instead.
    private func refilter() async {
        // What waits to be written may miss the reading: it counts as kept meanwhile.
        state.withLock { state in
            var kept = KeyFilter()
            for waiting in state.unwritten.values { kept.insert(owner: waiting.owner, key: waiting.key) }
            state.keptWhileFiltering = kept
        }
        let read = try? await database.read { db in
            var filter = KeyFilter()
            let rows = try Row.fetchCursor(db, sql: "SELECT owner, key FROM actionOutcomes")
            while let row = try rows.next() { filter.insert(owner: row[0], key: row[1]) }
            return filter
        }
        state.withLock { state in
            defer { state.keptWhileFiltering = nil }
            guard var read, let kept = state.keptWhileFiltering else { return }
            read.formUnion(kept)
            state.filter = read
            state.isFiltered = true
        }
    }

    private static func claimKey(_ owner: String, _ key: String) -> String { owner + "\u{0}" + key }

    func claim(owner: String, key: String, fingerprint: String, at now: Double, staleBefore: Double, expiredBefore: Double, most: Int)
        async throws -> ActionClaim
    {
        let claimKey = Self.claimKey(owner, key)
        // While another process writes the file (a hand-over), a key it kept is not in the filter:
        // every claim reads the file, and the filter is read again once this process serves alone.
        let othersWrite = feed?.othersWrite ?? false
        let inMemory = state.withLock { state -> ActionClaim? in
            if othersWrite {
                state.sawOtherProcess = true
                state.isFiltered = false
            } else if state.sawOtherProcess, filtersKeys {
                state.sawOtherProcess = false
                state.firstReading = Task { await self.refilter() }
            }
            if filtersKeys, state.firstReading == nil { state.firstReading = Task { await self.refilter() } }
            if state.acting.contains(claimKey) { return .inProgress }
            if let kept = state.unwritten[claimKey] { return kept.fingerprint == fingerprint ? .done(kept.outcome) : .mismatch }
            // A key the file cannot hold: this request's, without reading the file.
            guard state.isFiltered, !state.filter.mayContain(owner: owner, key: key) else { return nil }
            state.acting.insert(claimKey)
            return .claimed
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
            state.filter.insert(owner: owner, key: key)
            state.keptWhileFiltering?.insert(owner: owner, key: key)
            state.acting.remove(claimKey)
            defer { state.isFlushing = true }
            return !state.isFlushing
        }
        guard startsFlush else { return }
        // Written at once while another process reads the file (a hand-over): it looks there.
        let delay = feed?.othersWrite ?? false ? .zero : Self.flushDelay
        Task {
            if delay > .zero { try? await Task.sleep(for: delay) }
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
        let purged = try await database.write { db in
            try db.execute(sql: "DELETE FROM actionOutcomes WHERE createdAt < ?", arguments: [date])
            return db.changesCount
        }
        // What left the file leaves the filter (and what the owners' bounds removed since).
        if state.withLock({ $0.isFiltered }) { await refilter() }
        return purged
    }

    func count(owner: String) async throws -> Int {
        await flush()
        return try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM actionOutcomes WHERE owner = ?", arguments: [owner]) ?? 0
        }
    }
}
