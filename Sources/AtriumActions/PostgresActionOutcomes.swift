import AtriumPostgres
import AtriumStorage
import Foundation
import Logging
import PostgresNIO

/// The kept outcomes on PostgreSQL (table `action_outcomes`), shared by every host: the key's row
/// is inserted once (`ON CONFLICT DO NOTHING`), so of two hosts given one key at once one acts and
/// the other finds the claim.
struct PostgresActionOutcomes: ActionOutcomeStore {
    let client: PostgresClient
    let watchdog: StorageWatchdog
    let logger: Logger

    func claim(owner: String, key: String, fingerprint: String, at now: Double, staleBefore: Double, expiredBefore: Double, most: Int)
        async throws -> ActionClaim
    {
        let logger = logger
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            try await connection.query(
                """
                DELETE FROM action_outcomes WHERE owner = \(owner) AND key = \(key)
                AND (created_at < \(expiredBefore) OR (status IS NULL AND created_at < \(staleBefore)))
                """, logger: logger)
            let inserted = try await connection.query(
                """
                INSERT INTO action_outcomes (owner, key, fingerprint, created_at) VALUES (\(owner), \(key), \(fingerprint), \(now))
                ON CONFLICT DO NOTHING RETURNING 1
                """, logger: logger)
            var claimed = false
            for try await _ in inserted { claimed = true }
            if claimed {
                try await connection.query(
                    """
                    DELETE FROM action_outcomes WHERE owner = \(owner) AND key IN (
                        SELECT key FROM action_outcomes WHERE owner = \(owner) ORDER BY created_at DESC, key DESC OFFSET \(most))
                    """, logger: logger)
                return .claimed
            }
            let rows = try await connection.query(
                """
                SELECT fingerprint, status, location, content_type, field_lines, body FROM action_outcomes
                WHERE owner = \(owner) AND key = \(key)
                """, logger: logger)
            for try await (found, status, location, contentType, fieldLines, body) in rows.decode(
                (String, Int?, String?, String?, String?, ByteBuffer?).self)
            {
                guard found == fingerprint else { return .mismatch }
                guard let status else { return .inProgress }
                return .done(
                    StoredOutcome(
                        status: status, location: location, contentType: contentType, fieldLines: fieldLines,
                        body: body.map { Data(buffer: $0) } ?? Data()))
            }
            // Gone between the insert and the read (purged, given up): the next try claims it.
            return .inProgress
        }
    }

    func finish(owner: String, key: String, fingerprint: String, at now: Double, outcome: StoredOutcome, most: Int) async throws {
        let logger = logger
        let body = ByteBuffer(data: outcome.body)
        _ = try await client.withBoundedConnection(watchdog: watchdog) { connection in
            try await connection.query(
                """
                UPDATE action_outcomes SET status = \(outcome.status), location = \(outcome.location), content_type = \(outcome.contentType),
                    field_lines = \(outcome.fieldLines), body = \(body)
                WHERE owner = \(owner) AND key = \(key)
                """, logger: logger)
        }
    }

    func release(owner: String, key: String) async throws {
        let logger = logger
        _ = try await client.withBoundedConnection(watchdog: watchdog) { connection in
            try await connection.query("DELETE FROM action_outcomes WHERE owner = \(owner) AND key = \(key) AND status IS NULL", logger: logger)
        }
    }

    func purge(before date: Double) async throws -> Int {
        let logger = logger
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            let rows = try await connection.query("DELETE FROM action_outcomes WHERE created_at < \(date) RETURNING 1", logger: logger)
            var count = 0
            for try await _ in rows { count += 1 }
            return count
        }
    }

    func count(owner: String) async throws -> Int {
        let logger = logger
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            let rows = try await connection.query("SELECT count(*) FROM action_outcomes WHERE owner = \(owner)", logger: logger)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }
}
