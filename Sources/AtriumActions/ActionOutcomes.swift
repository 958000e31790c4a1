import AtriumPostgres
import AtriumStorage
import Synchronization

/// The kept outcomes of actions sent with an `Idempotency-Key`, on the host's storage: their
/// table (``StorageSchema``, made once per database at boot) and the store of each kind of storage.
/// Storage knows nothing of actions: it keeps this table beside the host's own.
package enum ActionOutcomes {
    /// One row per owner and key: the claim (with the action's fingerprint) and, once the action
    /// answered, its outcome (`status` set). A key's owner is a visitor or an account (`Idempotency-Key`).
    static let schema = StorageSchema(
        sqlite: [
            .init(
                id: "7-action-outcomes",
                statements: [
                    """
                    CREATE TABLE actionOutcomes (
                        owner TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, createdAt DOUBLE NOT NULL,
                        status INTEGER, location TEXT, contentType TEXT, fieldLines TEXT, body BLOB,
                        PRIMARY KEY (owner, key)) WITHOUT ROWID
                    """,
                    "CREATE INDEX actionOutcomes_age ON actionOutcomes (createdAt)",
                    "CREATE INDEX actionOutcomes_owner ON actionOutcomes (owner, createdAt)",
                ])
        ],
        postgres: [
            .init(
                id: "5-action-outcomes",
                statements: [
                    """
                    CREATE TABLE action_outcomes (
                        owner text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL, fingerprint text NOT NULL,
                        created_at double precision NOT NULL, status integer, location text, content_type text, field_lines text, body bytea,
                        PRIMARY KEY (owner, key))
                    """,
                    "CREATE INDEX action_outcomes_age ON action_outcomes (created_at)",
                    "CREATE INDEX action_outcomes_owner ON action_outcomes (owner, created_at)",
                ])
        ])

    /// Makes the table on `storage`, once.
    package static func prepare(_ storage: any HostStorage) async throws {
        try await storage.install(schema)
    }

    /// The kept outcomes on `storage` (prepared); nil on a storage of another kind (a test's). One
    /// store per SQLite storage, however many times it is asked (each generation of the pages
    /// after a reload asks again): what it keeps in memory, the claims of actions still acting,
    /// must be seen by every request on the file.
    package static func store(on storage: any HostStorage) -> (any ActionOutcomeStore)? {
        if let sqlite = storage as? SQLiteStorage {
            return sqliteStores.withLock { stores in
                stores = stores.filter { $0.storage != nil }
                if let kept = stores.first(where: { $0.storage === sqlite }) { return kept.store }
                let store = SQLiteActionOutcomes(database: sqlite.database, feed: sqlite.changes)
                stores.append(SQLiteStoreEntry(storage: sqlite, store: store))
                return store
            }
        }
        if let postgres = storage as? PostgresStorage {
            return PostgresActionOutcomes(client: postgres.client, watchdog: postgres.watchdog, logger: postgres.logger)
        }
        return nil
    }

    /// The store of each SQLite storage still open.
    private static let sqliteStores = Mutex<[SQLiteStoreEntry]>([])
}

/// A SQLite storage, held weakly (a storage closed and gone takes its store with it), and its store.
private final class SQLiteStoreEntry: @unchecked Sendable {
    // Written once, in the initializer; read under the lock of `sqliteStores`.
    weak var storage: SQLiteStorage?
    let store: SQLiteActionOutcomes

    init(storage: SQLiteStorage, store: SQLiteActionOutcomes) {
        self.storage = storage
        self.store = store
    }
}
