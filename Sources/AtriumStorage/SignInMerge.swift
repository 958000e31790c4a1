import Foundation

/// How a record a visitor saved before signing in joins the account's record with the same id.
///
/// At sign-in the host moves every record the visitor saved to the account. A record the account
/// does not have moves as it is; where the account already has one with the same id, the account's
/// is kept unless the module registered a merge for that collection with
/// `ModuleRegistrar.mergeAtSignIn(_:in:_:)`.
package struct SignInMerge: Sendable {
    let collection: String
    /// Merges the visitor's record (JSON) into the account's (JSON), returning the JSON to keep.
    let merge: @Sendable (_ visitor: Data, _ account: Data) throws -> Data

    package init<Record: Codable & Sendable>(_ type: Record.Type, collection: String, merge: @escaping @Sendable (Record, Record) -> Record) {
        self.collection = collection
        self.merge = { visitor, account in
            let merged = merge(try JSONDecoder().decode(type, from: visitor), try JSONDecoder().decode(type, from: account))
            return try JSONEncoder().encode(merged)
        }
    }
}
