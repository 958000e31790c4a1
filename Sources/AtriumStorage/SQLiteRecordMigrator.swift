import AtriumSDK
import Foundation
import GRDB

/// Lets a module's migration rewrite its records across every owner, a batch per transaction: each
/// batch advances the migration's progress in its own transaction, so a migration resumes after the
/// last batch that committed, and requests wait for one batch at most.
struct SQLiteRecordMigrator: RecordMigrator {
    let database: DatabasePool
    let feed: ChangeFeed
    let module: String
    let migration: String

    func rewrite(collection: String, _ transform: @escaping @Sendable (String, Data) throws -> Data?) async throws {
        var finished = false
        while !finished {
            // A host shutting down stops between batches; the migration resumes at the next try.
            try Task.checkCancellation()
            finished = try await database.write { [module, migration] db -> Bool in
                let stored = try String.fetchOne(
                    db, sql: "SELECT progress FROM moduleMigrations WHERE module = ? AND id = ?", arguments: [module, migration])
                var progress = MigrationProgress(json: stored ?? "{}")
                var position = progress.collections[collection] ?? .init()
                guard !position.finished else { return true }
                if position.after == nil && position.done == 0 {
                    position.total =
                        try Int.fetchOne(
                            db, sql: "SELECT COUNT(*) FROM records WHERE module = ? AND collection = ?", arguments: [module, collection]) ?? 0
                }
                // After the last record reached; from the first, every owner being a non-empty text.
                let after = position.after.flatMap { $0.count == 2 ? $0 : nil } ?? ["", ""]
                let rows = try GRDB.Row.fetchAll(
                    db,
                    sql: """
                        SELECT owner, id, json FROM records WHERE module = ? AND collection = ? AND (owner, id) > (?, ?)
                        ORDER BY owner, id LIMIT ?
                        """,
                    arguments: [module, collection, after[0], after[1], MigrationProgress.batch])
                let now = Date().timeIntervalSince1970
                for row in rows {
                    let (owner, id, json): (String, String, Data) = (row[0], row[1], row[2])
                    if let rewritten = try transform(id, json) {
                        try db.execute(
                            sql: "UPDATE records SET json = ?, updatedAt = ? WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                            arguments: [rewritten, now, module, owner, collection, id])
                    } else {
                        try db.execute(
                            sql: "DELETE FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                            arguments: [module, owner, collection, id])
                    }
                    position.after = [owner, id]
                }
                position.done += rows.count
                position.finished = rows.count < MigrationProgress.batch
                progress.collections[collection] = position
                try db.execute(
                    sql: "UPDATE moduleMigrations SET progress = ? WHERE module = ? AND id = ?", arguments: [progress.json, module, migration])
                return position.finished
            }
            // Every cached read of the module forgets what the batch changed.
            feed.committed([.everything])
        }
    }
}
