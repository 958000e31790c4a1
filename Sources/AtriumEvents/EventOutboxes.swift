import AtriumPostgres
import AtriumStorage

/// The outbox of module events on the host's storage: its tables (``StorageSchema``, made once per
/// database before anything is published), and the outbox of each kind of storage. Storage knows
/// nothing of events: it keeps these tables in its transactions and announces
/// ``storedEvents`` on its change feed, which the deliverers of every host listen for.
package enum EventOutboxes {
    /// What the outbox's writes announce on the change feed: deliverers wake at once.
    package static let storedEvents = StorageChange.wake("events")

    /// One row per event and subscriber: the outbox and the delivery registry in one table.
    static let schema = StorageSchema(
        sqlite: [
            .init(
                id: "5-events",
                statements: [
                    """
                    CREATE TABLE eventDeliveries (
                        sequence INTEGER PRIMARY KEY AUTOINCREMENT, eventID TEXT NOT NULL, name TEXT NOT NULL, version INTEGER NOT NULL,
                        publisher TEXT NOT NULL, subscriber TEXT NOT NULL, aggregate TEXT NOT NULL, payload BLOB NOT NULL,
                        publishedAt DOUBLE NOT NULL, attempts INTEGER NOT NULL, nextAttemptAt DOUBLE NOT NULL, failedAt DOUBLE, lastError TEXT)
                    """,
                    "CREATE INDEX eventDeliveries_order ON eventDeliveries (subscriber, aggregate, sequence)",
                ]),
            // The publishing span's W3C traceparent, when tracing was on: the delivery's span links to it.
            .init(id: "6-event-trace", statements: ["ALTER TABLE eventDeliveries ADD COLUMN traceparent TEXT"]),
        ],
        postgres: [
            .init(
                id: "3-events",
                statements: [
                    """
                    CREATE TABLE event_deliveries (
                        sequence bigserial PRIMARY KEY, event_id text NOT NULL, name text NOT NULL, version integer NOT NULL,
                        publisher text NOT NULL, subscriber text COLLATE "C" NOT NULL, aggregate text COLLATE "C" NOT NULL, payload bytea NOT NULL,
                        published_at double precision NOT NULL, attempts integer NOT NULL, next_attempt_at double precision NOT NULL,
                        failed_at double precision, last_error text)
                    """,
                    "CREATE INDEX event_deliveries_order ON event_deliveries (subscriber, aggregate, sequence)",
                ]),
            .init(id: "4-event-trace", statements: ["ALTER TABLE event_deliveries ADD COLUMN traceparent text"]),
        ])

    /// Makes the outbox's tables on `storage`, once.
    package static func prepare(_ storage: any HostStorage) async throws {
        try await storage.install(schema)
    }

    /// The outbox on `storage` (prepared).
    package static func outbox(on storage: any HostStorage) -> any EventOutbox {
        if let sqlite = storage as? SQLiteStorage { return SQLiteEventOutbox(database: sqlite.database, feed: sqlite.changes) }
        guard let postgres = storage as? PostgresStorage else { preconditionFailure("no event outbox for \(type(of: storage))") }
        return PostgresEventOutbox(client: postgres.client, watchdog: postgres.watchdog, announcer: postgres.announcer, logger: postgres.logger)
    }
}
