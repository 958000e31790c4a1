import AtriumSDK
import Foundation
import GRDB

/// Lets a module's migration rewrite its records across every owner, in one transaction.
struct SQLiteRecordMigrator: RecordMigrator {
    let database: DatabasePool
    let module: String

    func rewrite(collection: String, _ transform: @escaping @Sendable (String, Data) throws -> Data?) async throws {
        try await database.write { [module] db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT owner, id, json FROM records WHERE module = ? AND collection = ?",
                arguments: [module, collection]
            )
            for row in rows {
                let owner: String = row["owner"]
                let id: String = row["id"]
                let json: Data = row["json"]
                if let rewritten = try transform(id, json) {
                    try db.execute(
                        sql: "UPDATE records SET json = ?, updatedAt = ? WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                        arguments: [rewritten, Date().timeIntervalSince1970, module, owner, collection, id]
                    )
                } else {
                    try db.execute(
                        sql: "DELETE FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                        arguments: [module, owner, collection, id]
                    )
                }
            }
        }
    }
}
