import AtriumSDK
import Foundation

/// Where the host keeps every module's records and the sessions: ``SQLiteStorage``, one file for one
/// host, or `PostgresStorage` (AtriumPostgres), one server shared by several hosts.
package protocol HostStorage: AnyObject, Sendable {
    /// Where the data lives, for logs: a file path, or the server's address without its password.
    var location: String { get }
    /// A module's records for one owner; with `quota`, a write that would take the owner (an
    /// anonymous visitor) past it throws ``VisitorQuotaExceeded``.
    func records(module: String, owner: RecordOwner, quota: VisitorLimits?) -> any RecordStore
    /// The collections each booted module declared; the stores above refuse a write elsewhere.
    var collectionGrants: CollectionGrants { get }
    /// Runs `migration` of `module` unless it has been applied (resuming one begun before), in
    /// batches that each record its progress; false when another host or process runs a module
    /// migration on this database now (try again later). Throws the migration's error, recorded.
    func run(_ migration: StorageMigration, module: String) async throws -> Bool
    /// The module migrations this database has begun or applied.
    func migrationRecords() async throws -> [MigrationRecord]
    /// Deletes every owner's records of a module's collection last changed before `date` (seconds
    /// since 1970); returns how many.
    func deleteRecords(module: String, collection: String, changedBefore date: Double) async throws -> Int
    /// Whether the database answers a query (for `/health/ready`).
    func isReady() async -> Bool
    /// Claims the database for this host while it serves, where only one host may (SQLite);
    /// throws when another host holds it.
    func claimForServing() throws
    func close() throws
    var sessionTable: any SessionTable { get }
    /// Brings tables a layer above storage keeps here (``StorageSchema``) up to date, each step once.
    func install(_ schema: StorageSchema) async throws
    /// How this host learns what changed: its own writes and (on PostgreSQL) every other host's.
    var changes: ChangeFeed { get }
    /// What this process last read, kept true by ``changes``.
    var recordCache: RecordCache? { get }
    var sessionCache: SessionCache? { get }
    /// Moves every session's expiry `seconds` earlier in the database alone (for tests of expiry:
    /// ``ageSessions(bySeconds:)``).
    func ageSessionRows(bySeconds seconds: Double) async throws
    /// Everything the database holds, as bytes (for tests that a secret is never stored in the
    /// clear): the SQLite file and its log, or every row of PostgreSQL's tables.
    func storedBytes() async throws -> Data
    /// How many records of each module's collection hold `bytes` in their JSON (`atrium keys`
    /// counts the values still sealed under a key by the text they begin with).
    func recordsHolding(_ bytes: Data) async throws -> [(module: String, collection: String, count: Int)]
}

extension HostStorage {
    /// A module's records for one owner, with no quota.
    package func records(module: String, owner: RecordOwner) -> any RecordStore { records(module: module, owner: owner, quota: nil) }
}

extension HostStorage {
    /// How many session rows the database holds, expired ones included (for tests).
    package func sessionRowCount() async throws -> Int { try await sessionTable.sessionRowCount() }

    /// How many remembered anonymous visitors the database holds (for tests).
    package func visitorRowCount() async throws -> Int { try await sessionTable.visitorRowCount() }
}

extension HostStorage {
    /// Moves every session's expiry `seconds` earlier behind the store's back, as if that much time
    /// had passed (for tests of expiry).
    func ageSessions(bySeconds seconds: Double) async throws {
        try await ageSessionRows(bySeconds: seconds)
        // What the store remembers of the sessions is no longer true.
        sessionCache?.forgetAll()
    }
}
