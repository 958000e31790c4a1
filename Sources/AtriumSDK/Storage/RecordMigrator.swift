import Foundation

/// What a ``StorageMigration`` may do to its module's records, across every owner.
public protocol RecordMigrator: Sendable {
    /// Rewrites each record of a collection (its JSON); returning nil deletes the record. Runs in
    /// batches of a few hundred records, each its own short transaction together with the
    /// migration's progress: requests go on meanwhile, and a migration stopped by a crash or by
    /// `transform` throwing resumes after the last batch that committed, so each record is
    /// rewritten once (a batch that throws changes nothing). A record saved meanwhile by a request
    /// may be reached before or after its change: write `transform` so that the new version reads
    /// both.
    func rewrite(
        collection: String,
        _ transform: @escaping @Sendable (_ id: String, _ json: Data) throws -> Data?
    ) async throws
}
