import AtriumPostgres
import AtriumStorage
import Foundation
import Logging
import PostgresNIO

/// The outbox on PostgreSQL (table `event_deliveries`), shared by every host. A host delivers in a
/// transaction that locks the delivery's row with `FOR UPDATE SKIP LOCKED`: another host skips it
/// (and, since the row is still there, the later events of its aggregate), and the lock is the
/// claim — there is no lease to expire. When the delivering host dies its connection closes and
/// PostgreSQL rolls the transaction back, releasing the row; a host that stops answering without
/// closing (frozen, cut off) has its transaction ended by `idle_in_transaction_session_timeout`,
/// set for the delivery's transaction to the storage's timeout. The handled row is deleted in the
/// same transaction as the handler's writes, so they happen once.
struct PostgresEventOutbox: EventOutbox {
    let client: PostgresClient
    let watchdog: StorageWatchdog
    let announcer: PostgresChangeAnnouncer
    let logger: Logger

    private static let columns =
        "sequence, event_id, name, version, publisher, subscriber, aggregate, payload, published_at, attempts, next_attempt_at, failed_at, last_error, traceparent"

    func store(_ event: OutgoingEvent, for subscribers: [String]) async throws {
        guard !subscribers.isEmpty else { return }
        let logger = logger
        let payload = ByteBuffer(bytes: event.payload)
        try await announcer.write(announcing: [EventOutboxes.storedEvents]) { connection in
            try await connection.query(
                """
                INSERT INTO event_deliveries (event_id, name, version, publisher, subscriber, aggregate, payload, published_at, attempts, next_attempt_at,
                    traceparent)
                SELECT \(event.eventID), \(event.name), \(event.version), \(event.publisher), subscriber, \(event.aggregate), \(payload),
                    \(event.publishedAt), 0, \(event.publishedAt), \(event.traceparent)
                FROM unnest(\(subscribers)::text[]) AS subscriber
                """, logger: logger)
        }
    }

    func deliverNext(to readers: [EventReader], at now: Double, _ handle: @escaping @Sendable (PendingDelivery) async throws -> Void)
        async throws -> PendingDelivery?
    {
        guard !readers.isEmpty else { return nil }
        let (subscribers, names, lows, highs) = Self.columns(of: readers)
        let logger = logger
        let idleLimit = String(Int(watchdog.deadline.components.seconds) * 1000 + 1000)
        return try await announcer.transaction(announcing: []) { connection -> PendingDelivery? in
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.columns), set_config('idle_in_transaction_session_timeout', \(idleLimit), true)
                FROM event_deliveries d, LATERAL (SELECT \(subscribers)::text[] AS s, \(names)::text[] AS n, \(lows)::int[] AS lo, \(highs)::int[] AS hi) k
                WHERE EXISTS (
                    SELECT 1 FROM unnest(k.s, k.n, k.lo, k.hi) r(s, n, lo, hi)
                    WHERE r.s = d.subscriber AND r.n = d.name AND d.version BETWEEN r.lo AND r.hi)
                AND failed_at IS NULL AND next_attempt_at <= \(now)
                AND NOT EXISTS (
                    SELECT 1 FROM event_deliveries e, unnest(k.s, k.n, k.lo, k.hi) r(s, n, lo, hi)
                    WHERE e.subscriber = d.subscriber AND e.aggregate = d.aggregate AND e.sequence < d.sequence
                    AND r.s = e.subscriber AND r.n = e.name AND e.version BETWEEN r.lo AND r.hi)
                ORDER BY sequence LIMIT 1 FOR UPDATE OF d SKIP LOCKED
                """, logger: logger)
            var found: PendingDelivery?
            for try await row in rows { found = try Self.delivery(row) }
            guard let delivery = found else { return nil }
            do {
                try await handle(delivery)
            } catch {
                throw HandlerFailure(delivery: delivery, error: error)
            }
            try await connection.query("DELETE FROM event_deliveries WHERE sequence = \(delivery.number)", logger: logger)
            return delivery
        }
    }

    private static func delivery(_ row: PostgresRow) throws -> PendingDelivery {
        let cells = row.makeRandomAccess()
        return PendingDelivery(
            number: try cells["sequence"].decode(Int64.self), eventID: try cells["event_id"].decode(String.self),
            name: try cells["name"].decode(String.self), version: try cells["version"].decode(Int.self),
            publisher: try cells["publisher"].decode(String.self), subscriber: try cells["subscriber"].decode(String.self),
            aggregate: try cells["aggregate"].decode(String.self), payload: try cells["payload"].decode(Data.self),
            publishedAt: try cells["published_at"].decode(Double.self), attempts: try cells["attempts"].decode(Int.self),
            nextAttemptAt: try cells["next_attempt_at"].decode(Double.self), failedAt: try cells["failed_at"].decode(Double?.self),
            lastError: try cells["last_error"].decode(String?.self), traceparent: try cells["traceparent"].decode(String?.self))
    }

    func recordFailure(of delivery: PendingDelivery, message: String, retryAt: Double?, at now: Double) async throws {
        let logger = logger
        _ = try await client.withBoundedConnection(watchdog: watchdog) { connection in
            try await connection.query(
                """
                UPDATE event_deliveries SET attempts = attempts + 1, last_error = \(message),
                next_attempt_at = COALESCE(\(retryAt), next_attempt_at), failed_at = \(retryAt == nil ? now : nil)
                WHERE sequence = \(delivery.number)
                """, logger: logger)
        }
    }

    /// `readers` as four arrays, one per column, for `unnest`.
    private static func columns(of readers: [EventReader]) -> ([String], [String], [Int], [Int]) {
        (readers.map(\.subscriber), readers.map(\.name), readers.map(\.versions.lowerBound), readers.map(\.versions.upperBound))
    }

    func schedule(for readers: [EventReader]) async throws -> (nextAttemptAt: Double?, oldestPublishedAt: Double?) {
        guard !readers.isEmpty else { return (nil, nil) }
        let (subscribers, names, lows, highs) = Self.columns(of: readers)
        let logger = logger
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            let rows = try await connection.query(
                """
                SELECT min(next_attempt_at) FILTER (WHERE failed_at IS NULL), min(published_at)
                FROM event_deliveries d, unnest(\(subscribers)::text[], \(names)::text[], \(lows)::int[], \(highs)::int[]) r(s, n, lo, hi)
                WHERE r.s = d.subscriber AND r.n = d.name AND d.version BETWEEN r.lo AND r.hi
                """, logger: logger)
            for try await (next, oldest) in rows.decode((Double?, Double?).self) { return (next, oldest) }
            return (nil, nil)
        }
    }

    func pendingKinds() async throws -> [(subscriber: String, name: String, version: Int, count: Int)] {
        let logger = logger
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            let rows = try await connection.query(
                "SELECT subscriber, name, version, count(*)::bigint FROM event_deliveries GROUP BY subscriber, name, version", logger: logger)
            var kinds: [(subscriber: String, name: String, version: Int, count: Int)] = []
            for try await kind in rows.decode((String, String, Int, Int).self) { kinds.append(kind) }
            return kinds
        }
    }

    func deliveries(limit: Int) async throws -> [PendingDelivery] {
        let logger = logger
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            let rows = try await connection.query(
                "SELECT \(unescaped: Self.columns) FROM event_deliveries ORDER BY sequence LIMIT \(limit)", logger: logger)
            var deliveries: [PendingDelivery] = []
            for try await row in rows { deliveries.append(try Self.delivery(row)) }
            return deliveries
        }
    }

    func retry(number: Int64, at now: Double) async throws -> Bool {
        let logger = logger
        return try await announcer.write(announcing: [EventOutboxes.storedEvents]) { connection in
            try await connection.count(
                "UPDATE event_deliveries SET attempts = 0, failed_at = NULL, next_attempt_at = \(now) WHERE sequence = \(number) RETURNING 1",
                logger: logger) > 0
        }
    }

    func discard(number: Int64) async throws -> Bool {
        let logger = logger
        // The aggregate's later events it held back may go now: deliverers hear of it.
        return try await announcer.write(announcing: [EventOutboxes.storedEvents]) { connection in
            try await connection.count("DELETE FROM event_deliveries WHERE sequence = \(number) RETURNING 1", logger: logger) > 0
        }
    }
}
