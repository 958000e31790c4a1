import AtriumStorage
import PostgresNIO

extension PostgresStorage {
    /// Tells the other hosts on this database, through the change feed's notification, that
    /// `name` happened (``StorageChange/wake(_:)``): what listens for it there runs at once rather
    /// than at its next look. No cache changes.
    package func wakeOtherHosts(_ name: String) async throws {
        let channel = PostgresChangeAnnouncer.channel(schema: address.schema)
        let origin = changes.origin
        let logger = logger
        try await client.withBoundedConnection(watchdog: watchdog) { connection in
            _ = try await PostgresChangeAnnouncer.announce([.wake(name)], from: origin, trace: nil, to: channel, on: connection, logger: logger)
        }
    }
}
