import Foundation

/// A one-time change to a module's stored records, declared with its ``Kind`` and run once per
/// database, in registration order per module, never again once it has succeeded. Ids are per
/// module: two modules may both have a migration "1". It runs in the background while the host
/// serves (boot never waits for it), in batches that each record their progress: `atrium
/// migrations` shows it, and one stopped by a crash or a failure resumes where it stopped.
///
/// During a rolling deploy two versions of a module serve one database. So a change that an older
/// version could not live with comes in two parts: an **expand** migration, which adds only (a new
/// field filled in, a copy in a new collection) and runs as soon as the first host of the new version
/// boots; and, a release later, a **contract** migration, which removes or rewrites what the older
/// version reads and runs only once no live host lacks it (`atrium migrate`, or by itself when the
/// last older host leaves). A host whose build lacks a contract migration already applied refuses
/// to boot.
public struct StorageMigration: Sendable {
    /// Whether an older version of the module keeps working on the migration's result.
    public enum Kind: String, Sendable, CaseIterable {
        /// Adds only: older hosts keep working on its result, and the new version works while it
        /// is still running (a record it has not reached yet reads with ``RecordDefaults``).
        case expand
        /// Removes or rewrites what an older version reads: runs only once every live host knows it.
        case contract
    }

    /// The migration's id: it runs once per database, recorded by this id.
    public let id: String
    /// Whether an older version of the module keeps working on its result.
    public let kind: Kind
    /// What it does, given a migrator over the module's records of every owner.
    public let migrate: @Sendable (any RecordMigrator) async throws -> Void

    /// A migration `id` of `kind` doing `migrate`.
    public init(id: String, kind: Kind, migrate: @escaping @Sendable (any RecordMigrator) async throws -> Void) {
        self.id = id
        self.kind = kind
        self.migrate = migrate
    }

    /// A migration that adds only (see ``Kind/expand``).
    public static func expand(_ id: String, migrate: @escaping @Sendable (any RecordMigrator) async throws -> Void) -> StorageMigration {
        StorageMigration(id: id, kind: .expand, migrate: migrate)
    }

    /// A migration that removes or rewrites what an older version reads (see ``Kind/contract``).
    public static func contract(_ id: String, migrate: @escaping @Sendable (any RecordMigrator) async throws -> Void) -> StorageMigration {
        StorageMigration(id: id, kind: .contract, migrate: migrate)
    }
}
