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

    func deliverNext(to subscribers: [String], at now: Double, _ handle: @escaping @Sendable (PendingDelivery) async throws -> Void)
        async throws -> PendingDelivery?
    {
        guard !subscribers.isEmpty else { return nil }
        // Nothing due: no write transaction (and no wait for the writer lock) to find that out.
        guard try await database.read({ db in try Self.next(to: subscribers, at: now, in: db) }) != nil else { return nil }
        let pending = PendingChanges()
        let handled = try await PendingChanges.$current.withValue(pending) {
            try await database.transaction { () async throws -> PendingDelivery? in
                guard let delivery = try await database.write({ db in try Self.next(to: subscribers, at: now, in: db) }) else { return nil }
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

    /// The first due delivery whose aggregate has no earlier one left for its subscriber.
    private static func next(to subscribers: [String], at now: Double, in db: Database) throws -> PendingDelivery? {
        let marks = Array(repeating: "?", count: subscribers.count).joined(separator: ", ")
        // Each value made an existential here, where the compiler knows its conformance: `subscribers +
        // [now]` had the runtime cast each string, looking the conformance up.
        var values: [(any DatabaseValueConvertible)?] = subscribers.map { $0 }
        values.append(now)
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT \(columns) FROM eventDeliveries d
                WHERE subscriber IN (\(marks)) AND failedAt IS NULL AND nextAttemptAt <= ?
                AND NOT EXISTS (
                    SELECT 1 FROM eventDeliveries e WHERE e.subscriber = d.subscriber AND e.aggregate = d.aggregate AND e.sequence < d.sequence)
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

    func schedule(for subscribers: [String]) async throws -> (nextAttemptAt: Double?, oldestPublishedAt: Double?) {
        guard !subscribers.isEmpty else { return (nil, nil) }
        let marks = Array(repeating: "?", count: subscribers.count).joined(separator: ", ")
        return try await database.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT MIN(CASE WHEN failedAt IS NULL THEN nextAttemptAt END), MIN(publishedAt)
                    FROM eventDeliveries WHERE subscriber IN (\(marks))
                    """,
                arguments: StatementArguments(subscribers))
            return (row?[0], row?[1])
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
