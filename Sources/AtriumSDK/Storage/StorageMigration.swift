import Foundation

/// A one-time change to a module's stored records, run at boot in registration order and never
/// again once it has succeeded. Ids are per module: two modules may both have a migration "1".
public struct StorageMigration: Sendable {
    public let id: String
    public let migrate: @Sendable (any RecordMigrator) async throws -> Void

    public init(id: String, migrate: @escaping @Sendable (any RecordMigrator) async throws -> Void) {
        self.id = id
        self.migrate = migrate
    }
}
