import AtriumStorage
import Logging
import PostgresNIO

/// The host's tables on PostgreSQL, as numbered steps applied once each (under the migration lock,
/// each in a transaction with the mark that it ran). The same tables as in SQLite: records as JSON
/// by module, owner, collection and id; sessions by token hash; remembered visitors; which module
/// migrations ran.
enum PostgresHostSchema {
    /// Record ids are `bytea`: any string a module uses as an id (NULs included, which PostgreSQL
    /// text refuses) is stored, and ids sort bytewise, as in SQLite. The primary key holds the id's
    /// SHA-256 (`key`), not the id, so an id of any length fits in the index (a B-tree entry is at
    /// most about 2.7 kB). The other keys are made by the host and sort bytewise under "C".
    static let steps: [StorageSchema.Step] = [
        .init(
            id: "1-records-sessions",
            statements: [
                """
                CREATE TABLE records (
                    module text COLLATE "C" NOT NULL, owner text COLLATE "C" NOT NULL, collection text COLLATE "C" NOT NULL,
                    key bytea NOT NULL, id bytea NOT NULL, json bytea NOT NULL, updated_at double precision NOT NULL,
                    PRIMARY KEY (module, owner, collection, key))
                """,
                "CREATE INDEX records_owner ON records (owner)",
                """
                CREATE TABLE sessions (
                    token_hash text PRIMARY KEY, visitor_id text NOT NULL, user_id text, csrf_token text NOT NULL,
                    previous_csrf_token text, created_at double precision NOT NULL, expires_at double precision NOT NULL,
                    lifetime double precision NOT NULL, replaced_at double precision)
                """,
                "CREATE INDEX sessions_expires_at ON sessions (expires_at)",
                "CREATE TABLE visitors (visitor_id text PRIMARY KEY, expires_at double precision NOT NULL)",
                "CREATE INDEX visitors_expires_at ON visitors (expires_at)",
                """
                CREATE TABLE module_migrations (
                    module text NOT NULL, id text NOT NULL, applied_at double precision NOT NULL, PRIMARY KEY (module, id))
                """,
            ]
        ),
        .init(
            // The change feed's position: one row every announcing transaction advances just before it
            // commits, so positions follow commit order without gaps (see ``ChangeFeed``).
            id: "2-change-feed",
            statements: [
                "CREATE TABLE atrium_feed (id integer PRIMARY KEY CHECK (id = 1), position bigint NOT NULL)",
                "INSERT INTO atrium_feed (id, position) VALUES (1, 0)",
            ]
        ),
        .init(
            // A module migration's kind, and how far it has come (``MigrationRecord``): rows from
            // before were applied expand migrations.
            id: "7-migration-progress",
            statements: [
                """
                ALTER TABLE module_migrations ADD COLUMN kind text NOT NULL DEFAULT 'expand',
                ADD COLUMN state text NOT NULL DEFAULT 'applied', ADD COLUMN progress text NOT NULL DEFAULT '{}', ADD COLUMN error text
                """
            ]
        ),
    ]

    /// Applies the steps this database lacks. The caller holds the migration lock.
    static func update(on connection: PostgresConnection, logger: Logger) async throws {
        try await apply(steps, on: connection, logger: logger)
    }

    /// Applies those of `steps` this database lacks, each in a transaction with its mark (the host's
    /// own, or a layer's above storage: ``StorageSchema``). The caller holds the migration lock.
    static func apply(_ steps: [StorageSchema.Step], on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS atrium_schema (id text PRIMARY KEY, applied_at double precision NOT NULL)", logger: logger)
        for step in steps {
            guard try await connection.count("SELECT 1 FROM atrium_schema WHERE id = \(step.id)", logger: logger) == 0 else { continue }
            try await connection.inTransaction(logger: logger) { connection in
                for statement in step.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO atrium_schema (id, applied_at) VALUES (\(step.id), extract(epoch FROM now()))", logger: logger)
            }
        }
    }
}
