import AtriumSDK
import Foundation

/// Moves what a visitor saved to the account they sign in as, inside the sign-in's transaction: a
/// record the account lacks moves as it is; where both have one with the same id, the module's
/// merge decides, else the account's is kept. The visitor's records are gone afterwards.
///
/// The rules are here, the SQL in each storage: it reads ``Row``s (the visitor's records, each with
/// the account's record of the same id), and carries out the ``Step``s this plans.
package struct SignInCarryOver: Sendable {
    /// module → collection → merge.
    let merges: [String: [String: SignInMerge]]
    /// The owner keys (see ``RecordOwner``) of the visitor and of the account.
    package let visitor: String
    package let user: String
    /// The visitor id, no longer remembered once the records moved.
    package let visitorID: String

    /// A record the visitor saved, and the account's record with the same id if it has one.
    package struct Row {
        package var module: String
        package var collection: String
        package var id: String
        package var visitorJSON: Data
        package var accountJSON: Data?

        package init(module: String, collection: String, id: String, visitorJSON: Data, accountJSON: Data?) {
            self.module = module
            self.collection = collection
            self.id = id
            self.visitorJSON = visitorJSON
            self.accountJSON = accountJSON
        }
    }

    package enum Step: Equatable {
        /// The account has no such record: the visitor's becomes the account's.
        case move(module: String, collection: String, id: String)
        /// Both had one: the account's becomes `json` (when merged) and the visitor's is deleted.
        case keepAccount(module: String, collection: String, id: String, json: Data?)
    }

    package func steps(for rows: [Row]) -> [Step] {
        rows.map { row in
            guard let accountJSON = row.accountJSON else { return .move(module: row.module, collection: row.collection, id: row.id) }
            // A record that no longer decodes cannot be merged; the account's is kept, and the
            // sign-in goes on.
            let merged = merges[row.module]?[row.collection].flatMap { try? $0.merge(row.visitorJSON, accountJSON) }
            return .keepAccount(module: row.module, collection: row.collection, id: row.id, json: merged)
        }
    }

    package init(merges: [String: [String: SignInMerge]], visitor: String, user: String, visitorID: String) {
        self.merges = merges
        self.visitor = visitor
        self.user = user
        self.visitorID = visitorID
    }
}
