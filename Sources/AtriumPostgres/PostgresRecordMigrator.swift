import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Lets a module's migration rewrite its records across every owner, on the connection that holds
/// the migration lock, inside the transaction that also marks the migration done.
struct PostgresRecordMigrator: RecordMigrator {
    let connection: PostgresConnection
    let logger: Logger
    let module: String

    func rewrite(collection: String, _ transform: @escaping @Sendable (String, Data) throws -> Data?) async throws {
        var rows: [(owner: String, key: ByteBuffer, id: ByteBuffer, json: Data)] = []
        for try await row in try await connection.query(
            "SELECT owner, key, id, json FROM records WHERE module = \(module) AND collection = \(collection) FOR UPDATE", logger: logger)
        {
            rows.append(try row.decode((String, ByteBuffer, ByteBuffer, Data).self))
        }
        for row in rows {
            if let rewritten = try transform(String(buffer: row.id), row.json) {
                try await connection.query(
                    """
                    UPDATE records SET json = \(ByteBuffer(bytes: rewritten)), updated_at = \(Date().timeIntervalSince1970)
                    WHERE module = \(module) AND owner = \(row.owner) AND collection = \(collection) AND key = \(row.key)
                    """, logger: logger)
            } else {
                try await connection.query(
                    "DELETE FROM records WHERE module = \(module) AND owner = \(row.owner) AND collection = \(collection) AND key = \(row.key)",
                    logger: logger)
            }
        }
    }
}
