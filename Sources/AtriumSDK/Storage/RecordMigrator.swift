import Foundation

/// What a ``StorageMigration`` may do to its module's records, across every owner.
public protocol RecordMigrator: Sendable {
    /// Rewrites each record of a collection (its JSON); returning nil deletes the record. Runs in
    /// one transaction: if the transform throws, nothing changes.
    func rewrite(
        collection: String,
        _ transform: @escaping @Sendable (_ id: String, _ json: Data) throws -> Data?
    ) async throws
}
