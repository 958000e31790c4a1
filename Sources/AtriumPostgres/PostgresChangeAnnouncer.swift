import AtriumObservability
import AtriumStorage
import Crypto
import Foundation
import Logging
import PostgresNIO

/// Writes on PostgreSQL that announce what they changed to every host (``ChangeFeed``): each runs
/// in a transaction that, just before its commit, advances the feed's position (one row, so
/// positions follow commit order) and sends the changes with that position as a `NOTIFY`, which
/// PostgreSQL delivers to every listening host when, and only if, the transaction commits.
package struct PostgresChangeAnnouncer: Sendable {
    /// The channel of hosts on one schema: notifications go to every listener of the database, and
    /// hosts on another schema (another deployment, or the tests) must not hear these. The schema
    /// is named by a digest, so the channel stays a short lowercase identifier.
    static func channel(schema: String?) -> String {
        guard let schema else { return "atrium_changes" }
        return "atrium_changes_" + SHA256.hash(data: Array(schema.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
    /// Longest payload sent in one notification (PostgreSQL's limit is 8,000 bytes).
    package static let longestPayload = 7_000

    let client: PostgresClient
    let watchdog: StorageWatchdog
    let feed: ChangeFeed
    let channel: String
    let logger: Logger

    /// Runs `body` in a transaction (a savepoint of the current task's, if it holds one) that
    /// announces `changes` when it commits.
    @discardableResult
    package func transaction<Result: Sendable>(
        announcing changes: [StorageChange], _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let (client, logger, feed, channel) = (client, logger, feed, channel)
        if let current = PostgresTransaction.current, current.client == ObjectIdentifier(client) {
            return try await current.connection.inTransaction(logger: logger) { connection in
                let result = try await body(connection)
                for change in changes { current.pending.append(change) }
                return result
            }
        }
        let (result, announced, position) = try await client.withBoundedConnection(watchdog: watchdog) { connection in
            let transaction = PostgresTransaction(client: client, connection: connection)
            return try await connection.inTransaction(logger: logger) { connection in
                let result = try await PostgresTransaction.$current.withValue(transaction) { try await body(connection) }
                for change in changes { transaction.pending.append(change) }
                let announced = transaction.pending.changes
                let position =
                    announced.isEmpty
                    ? nil
                    : try await Self.announce(
                        announced, from: feed.origin, trace: transaction.pending.trace, to: channel, on: connection, logger: logger)
                return (result, transaction.pending, position)
            }
        }
        // This host forgets at once (its own notification follows); the position goes into the
        // visitor's cookie, so their next request on any host reads what they wrote.
        announced.committed(to: feed)
        if let position { WriteMark.current?.note(position) }
        return result
    }

    /// Runs one write that announces `changes`: in a transaction of its own when there is something
    /// to announce, else as it is.
    @discardableResult
    package func write<Result: Sendable>(
        announcing changes: [StorageChange], _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        if changes.isEmpty { return try await client.withBoundedConnection(watchdog: watchdog, body) }
        return try await transaction(announcing: changes, body)
    }

    /// Adds changes found while the current transaction ran (how many rows a purge deleted) to what
    /// it announces.
    static func alsoAnnounce(_ changes: [StorageChange]) {
        guard let current = PostgresTransaction.current else { return }
        for change in changes { current.pending.append(change) }
    }

    /// Inside the transaction, just before it commits: advances the position and notifies.
    ///
    /// A payload is a header line, `<position>[+] <origin>[ <traceparent>]` (`+` when more payloads
    /// of the same transaction follow; the writing span while tracing is on), then one line per
    /// change (``StorageChange/line``).
    static func announce(
        _ changes: [StorageChange], from origin: String, trace writer: String?, to channel: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int64 {
        let payloads = payloads(for: changes)
        var position: Int64 = 0
        let trace = writer.map { " " + $0 } ?? ""
        let rest = (payloads.count > 1 ? "+ " : " ") + origin + trace + "\n" + payloads[0]
        let rows = try await connection.query(
            """
            WITH advanced AS (UPDATE atrium_feed SET position = position + 1 WHERE id = 1 RETURNING position)
            SELECT position, pg_notify(\(channel), position::text || \(rest))::text FROM advanced
            """, logger: logger)
        for try await (advanced, _) in rows.decode((Int64, String).self) { position = advanced }
        for (index, payload) in payloads.enumerated().dropFirst() {
            let header = String(position) + (index < payloads.count - 1 ? "+ " : " ") + origin + trace
            try await connection.query("SELECT pg_notify(\(channel), \(header + "\n" + payload))", logger: logger)
        }
        return position
    }

    /// The changes' lines, each once, in payloads of at most ``longestPayload`` bytes.
    package static func payloads(for changes: [StorageChange]) -> [String] {
        var seen = Set<String>()
        var payloads = [""]
        for change in changes {
            let line = change.line
            guard seen.insert(line).inserted else { continue }
            if !payloads[payloads.count - 1].isEmpty, payloads[payloads.count - 1].utf8.count + line.utf8.count + 1 > longestPayload {
                payloads.append("")
            }
            payloads[payloads.count - 1] += payloads[payloads.count - 1].isEmpty ? line : "\n" + line
        }
        return payloads
    }
}
