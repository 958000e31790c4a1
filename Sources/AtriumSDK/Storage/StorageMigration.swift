import Foundation

/// A one-time change to a module's stored records, run at boot in registration order and never
/// again once it has succeeded. Ids are per module: two modules may both have a migration "1".
public struct StorageMigration: Sendable {
    /// The migration's id: it runs once per database, recorded by this id.
    public let id: String
    /// What it does, given a migrator over the module's records of every owner.
    public let migrate: @Sendable (any RecordMigrator) async throws -> Void

    /// A migration `id` doing `migrate`.
    public init(id: String, migrate: @escaping @Sendable (any RecordMigrator) async throws -> Void) {
        self.id = id
        self.migrate = migrate
    }
}
