import AtriumStorage
import Foundation
import GRDB

/// The outbox in the SQLite file (table `eventDeliveries`). One host serves the file, and each
/// delivery runs in a write transaction, so no two deliveries ever race.
struct SQLiteEventOutbox: EventOutbox {
    let database: SQLiteDatabase
    let feed: ChangeFeed

    private static let columns =
        "sequence, eventID, name, version, publisher, subscriber, aggregate, payload, publishedAt, attempts, nextAttemptAt, failedAt, lastError, traceparent"

    func store(_ event: OutgoingEvent, for subscribers: [String]) async throws {
        guard !subscribers.isEmpty else { return }
        try await database.write { db in
            for subscriber in subscribers {
                try db.execute(
                    sql: """
                        INSERT INTO eventDeliveries (eventID, name, version, publisher, subscriber, aggregate, payload, publishedAt, attempts, nextAttemptAt,
                            traceparent)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
                        """,
                    arguments: [
                        event.eventID, event.name, event.version, event.publisher, subscriber, event.aggregate, event.payload, event.publishedAt,
                        event.publishedAt, event.traceparent,
                    ])
            }
        }
        PendingChanges.announce([EventOutboxes.storedEvents], to: feed)
    }

    func deliverNext(to readers: [EventReader], at now: Double, _ handle: @escaping @Sendable (PendingDelivery) async throws -> Void)
        async throws -> PendingDelivery?
    {
        guard !readers.isEmpty else { return nil }
        // Nothing due: no write transaction (and no wait for the writer lock) to find that out.
        guard try await database.read({ db in try Self.next(to: readers, at: now, in: db) }) != nil else { return nil }
        let pending = PendingChanges()
        let handled = try await PendingChanges.$current.withValue(pending) {
            try await database.transaction { () async throws -> PendingDelivery? in
                guard let delivery = try await database.write({ db in try Self.next(to: readers, at: now, in: db) }) else { return nil }
                do {
                    try await handle(delivery)
                } catch {
                    throw HandlerFailure(delivery: delivery, error: error)
                }
                try await database.write { db in
                    try db.execute(sql: "DELETE FROM eventDeliveries WHERE sequence = ?", arguments: [delivery.number])
                }
                return delivery
            }
        }
        pending.committed(to: feed)
        return handled
    }

    /// `readers` as a table `r(s, n, lo, hi)` for a `WITH`, and its values.
    private static func readerTable(_ readers: [EventReader]) -> (sql: String, values: [(any DatabaseValueConvertible)?]) {
        var values: [(any DatabaseValueConvertible)?] = []
        for reader in readers { values += [reader.subscriber, reader.name, reader.versions.lowerBound, reader.versions.upperBound] }
        return ("r(s, n, lo, hi) AS (VALUES " + Array(repeating: "(?, ?, ?, ?)", count: readers.count).joined(separator: ", ") + ")", values)
    }

    /// The first due delivery `readers` read whose aggregate has no earlier one they read left for its subscriber.
    private static func next(to readers: [EventReader], at now: Double, in db: Database) throws -> PendingDelivery? {
        var (table, values) = readerTable(readers)
        values.append(now)
        let row = try Row.fetchOne(
            db,
            sql: """
                WITH \(table)
                SELECT \(columns) FROM eventDeliveries d
                WHERE EXISTS (SELECT 1 FROM r WHERE r.s = d.subscriber AND r.n = d.name AND d.version BETWEEN r.lo AND r.hi)
                AND failedAt IS NULL AND nextAttemptAt <= ?
                AND NOT EXISTS (
                    SELECT 1 FROM eventDeliveries e WHERE e.subscriber = d.subscriber AND e.aggregate = d.aggregate AND e.sequence < d.sequence
                    AND EXISTS (SELECT 1 FROM r WHERE r.s = e.subscriber AND r.n = e.name AND e.version BETWEEN r.lo AND r.hi))
                ORDER BY sequence LIMIT 1
                """,
            arguments: StatementArguments(values))
        return row.map(Self.delivery)
    }

    private static func delivery(_ row: Row) -> PendingDelivery {
        PendingDelivery(
            number: row["sequence"], eventID: row["eventID"], name: row["name"], version: row["version"], publisher: row["publisher"],
            subscriber: row["subscriber"], aggregate: row["aggregate"], payload: row["payload"], publishedAt: row["publishedAt"],
            attempts: row["attempts"], nextAttemptAt: row["nextAttemptAt"], failedAt: row["failedAt"], lastError: row["lastError"],
            traceparent: row["traceparent"])
    }

    func recordFailure(of delivery: PendingDelivery, message: String, retryAt: Double?, at now: Double) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE eventDeliveries SET attempts = attempts + 1, lastError = ?, nextAttemptAt = COALESCE(?, nextAttemptAt),
                    failedAt = CASE WHEN ? IS NULL THEN ? END WHERE sequence = ?
                    """,
                arguments: [message, retryAt, retryAt, now, delivery.number])
        }
    }

    func schedule(for readers: [EventReader]) async throws -> (nextAttemptAt: Double?, oldestPublishedAt: Double?) {
        guard !readers.isEmpty else { return (nil, nil) }
        return try await database.read { db in
            let (table, values) = Self.readerTable(readers)
            let row = try Row.fetchOne(
                db,
                sql: """
                    WITH \(table)
                    SELECT MIN(CASE WHEN failedAt IS NULL THEN nextAttemptAt END), MIN(publishedAt) FROM eventDeliveries d
                    WHERE EXISTS (SELECT 1 FROM r WHERE r.s = d.subscriber AND r.n = d.name AND d.version BETWEEN r.lo AND r.hi)
                    """,
                arguments: StatementArguments(values))
            return (row?[0], row?[1])
        }
    }

    func pendingKinds() async throws -> [(subscriber: String, name: String, version: Int, count: Int)] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT subscriber, name, version, COUNT(*) FROM eventDeliveries GROUP BY subscriber, name, version")
                .map { ($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    func deliveries(limit: Int) async throws -> [PendingDelivery] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM eventDeliveries ORDER BY sequence LIMIT ?", arguments: [limit]).map(Self.delivery)
        }
    }

    func retry(number: Int64, at now: Double) async throws -> Bool {
        let changed = try await database.write { db in
            try db.execute(
                sql: "UPDATE eventDeliveries SET attempts = 0, failedAt = NULL, nextAttemptAt = ? WHERE sequence = ?", arguments: [now, number])
            return db.changesCount
        }
        if changed > 0 { PendingChanges.announce([EventOutboxes.storedEvents], to: feed) }
        return changed > 0
    }

    func discard(number: Int64) async throws -> Bool {
        let changed = try await database.write { db in
            try db.execute(sql: "DELETE FROM eventDeliveries WHERE sequence = ?", arguments: [number])
            return db.changesCount
        }
        // The aggregate's later events it held back may go now.
        if changed > 0 { PendingChanges.announce([EventOutboxes.storedEvents], to: feed) }
        return changed > 0
    }
}
