@_spi(AtriumHost) import AtriumSDK
import Foundation
import GRDB

/// Moves what a visitor saved to the account they sign in as, inside the sign-in's transaction: a
/// record the account lacks moves as it is; where both have one with the same id, the module's
/// merge decides, else the account's is kept. The visitor's records are gone afterwards.
struct SignInCarryOver {
    /// module → collection → merge.
    let merges: [String: [String: SignInMerge]]

    func move(from visitor: String, to user: String, in db: Database, at date: Date) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT module, collection, id, json FROM records WHERE owner = ?", arguments: [visitor])
        for row in rows {
            let module: String = row["module"]
            let collection: String = row["collection"]
            let id: String = row["id"]
            let visitorJSON: Data = row["json"]
            let accountJSON = try Data.fetchOne(
                db,
                sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                arguments: [module, user, collection, id]
            )
            if let accountJSON {
                // A record that no longer decodes cannot be merged; the account's is kept, and the
                // sign-in goes on.
                if let merge = merges[module]?[collection], let merged = try? merge.merge(visitorJSON, accountJSON) {
                    try db.execute(
                        sql: "UPDATE records SET json = ?, updatedAt = ? WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                        arguments: [merged, date.timeIntervalSince1970, module, user, collection, id]
                    )
                }
                try db.execute(
                    sql: "DELETE FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                    arguments: [module, visitor, collection, id]
                )
            } else {
                try db.execute(
                    sql: "UPDATE records SET owner = ?, updatedAt = ? WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                    arguments: [user, date.timeIntervalSince1970, module, visitor, collection, id]
                )
            }
        }
    }
}
