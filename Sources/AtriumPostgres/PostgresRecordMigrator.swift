import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Lets a module's migration rewrite its records across every owner, a batch per transaction on the
/// connection that holds the module-migration lock: each batch advances the migration's progress and
/// tells every host to forget what it read, in the same transaction, so a migration resumes after
/// the last batch that committed and requests wait for one batch at most.
struct PostgresRecordMigrator: RecordMigrator {
    let connection: PostgresConnection
    let logger: Logger
    let module: String
    let migration: String
    let changes: ChangeFeed
    let channel: String

    func rewrite(collection: String, _ transform: @escaping @Sendable (String, Data) throws -> Data?) async throws {
        var finished = false
        while !finished {
            // A host shutting down stops between batches; the migration resumes at the next try.
            try Task.checkCancellation()
            finished = try await connection.inTransaction(logger: logger) { connection in
                try await batch(of: collection, on: connection, transform)
            }
            changes.committed([.everything])
        }
    }

    /// Rewrites the next batch of `collection`; true once none is left.
    private func batch(
        of collection: String, on connection: PostgresConnection, _ transform: @Sendable (String, Data) throws -> Data?
    ) async throws -> Bool {
        var stored = "{}"
        for try await progress in try await connection.query(
            "SELECT progress FROM module_migrations WHERE module = \(module) AND id = \(migration) FOR UPDATE", logger: logger
        ).decode(String.self) { stored = progress }
        var progress = MigrationProgress(json: stored)
        var position = progress.collections[collection] ?? .init()
        guard !position.finished else { return true }
        if position.after == nil && position.done == 0 {
            for try await count in try await connection.query(
                "SELECT count(*)::bigint FROM records WHERE module = \(module) AND collection = \(collection)", logger: logger
            ).decode(Int.self) { position.total = count }
        }
        let query: PostgresQuery
        if let after = position.after, after.count == 2, let key = Data(base64Encoded: after[1]) {
            query = """
                SELECT owner, key, id, json FROM records WHERE module = \(module) AND collection = \(collection)
                AND (owner, key) > (\(after[0]), \(ByteBuffer(bytes: key))) ORDER BY owner, key LIMIT \(MigrationProgress.batch) FOR UPDATE
                """
        } else {
            query = """
                SELECT owner, key, id, json FROM records WHERE module = \(module) AND collection = \(collection)
                ORDER BY owner, key LIMIT \(MigrationProgress.batch) FOR UPDATE
                """
        }
        var rows: [(owner: String, key: ByteBuffer, id: ByteBuffer, json: Data)] = []
        for try await row in try await connection.query(query, logger: logger) {
            rows.append(try row.decode((String, ByteBuffer, ByteBuffer, Data).self))
        }
        let now = Date().timeIntervalSince1970
        for row in rows {
            if let rewritten = try transform(String(buffer: row.id), row.json) {
                try await connection.query(
                    """
                    UPDATE records SET json = \(ByteBuffer(bytes: rewritten)), updated_at = \(now)
                    WHERE module = \(module) AND owner = \(row.owner) AND collection = \(collection) AND key = \(row.key)
                    """, logger: logger)
            } else {
                try await connection.query(
                    "DELETE FROM records WHERE module = \(module) AND owner = \(row.owner) AND collection = \(collection) AND key = \(row.key)",
                    logger: logger)
            }
            position.after = [row.owner, Data(row.key.readableBytesView).base64EncodedString()]
        }
        position.done += rows.count
        position.finished = rows.count < MigrationProgress.batch
        progress.collections[collection] = position
        try await connection.query(
            "UPDATE module_migrations SET progress = \(progress.json) WHERE module = \(module) AND id = \(migration)", logger: logger)
        // Every host forgets what it read of the module's records.
        _ = try await PostgresChangeAnnouncer.announce([.everything], from: changes.origin, trace: nil, to: channel, on: connection, logger: logger)
        return position.finished
    }
}
