import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// Every module's records and the sessions on a PostgreSQL server, shared by several hosts behind
/// one load balancer. The database keeps what must hold across hosts: unique keys, row locks for
/// read-and-change, and an advisory lock so each migration runs once when hosts start together.
/// What a host reads it caches as a SQLite host does; every host's writes reach every host's
/// caches through the change feed (``ChangeFeed``, ``PostgresChangeListener``).
package final class PostgresStorage: HostStorage {
    package let client: PostgresClient
    package let address: PostgresAddress
    package let logger: Logger
    /// Fails operations the server does not answer in time.
    package let watchdog: StorageWatchdog
    private let running: Task<Void, Never>
    private let listening: Task<Void, Never>
    package let changes: ChangeFeed
    package let announcer: PostgresChangeAnnouncer
    package let sessionTable: any SessionTable
    package let collectionGrants = CollectionGrants()
    package var recordCache: RecordCache? { changes.records }
    package var sessionCache: SessionCache? { changes.sessions }
    package var location: String { address.description }

    /// How long connecting and logging in may take before the server counts as unreachable.
    static let connectSeconds = 10

    private init(address: PostgresAddress, poolSize: Int, timeout: Duration, logger: Logger) throws {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password, database: address.database,
            tls: try Self.clientTLS(address.tls))
        configuration.options.maximumConnections = poolSize
        configuration.options.connectTimeout = .seconds(Int64(Self.connectSeconds))
        if let schema = address.schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.address = address
        self.logger = logger
        let changes = ChangeFeed(records: RecordCache(), sessions: SessionCache(), isShared: true)
        self.changes = changes
        let watchdog = StorageWatchdog(deadline: timeout, health: StorageHealth(logger: logger, onDown: { changes.doubt() }))
        self.watchdog = watchdog
        let channel = PostgresChangeAnnouncer.channel(schema: address.schema)
        let announcer = PostgresChangeAnnouncer(client: client, watchdog: watchdog, feed: changes, channel: channel, logger: logger)
        self.announcer = announcer
        sessionTable = PostgresSessionTable(client: client, watchdog: watchdog, announcer: announcer, logger: logger)
        running = Task { await client.run() }
        var listenerConfiguration = try Self.connectionConfiguration(address)
        listenerConfiguration.options.additionalStartupParameters.append(("application_name", "atrium change listener \(changes.origin)"))
        let listener = PostgresChangeListener(configuration: listenerConfiguration, channel: channel, feed: changes, logger: logger)
        listening = Task { await listener.run() }
    }

    /// Logs in (saying clearly when the server cannot be reached or refuses), brings the host's
    /// tables up to date under the advisory lock, and opens a pool of at most `poolSize`
    /// connections. An operation the server does not answer within `timeout` fails.
    package static func open(
        address: PostgresAddress, poolSize: Int, timeout: Duration = .seconds(StorageSettings().timeout), logger: Logger
    ) async throws -> PostgresStorage {
        try await withConnection(to: address, logger: logger) { connection in
            try await withMigrationLock(on: connection, for: address, logger: logger) {
                if let schema = address.schema {
                    // Under the lock: two hosts creating one schema at once would collide.
                    try await connection.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: schema)", logger: logger)
                    try await connection.query("SET search_path TO \(unescaped: schema)", logger: logger)
                }
                try await PostgresHostSchema.update(on: connection, logger: logger)
            }
        }
        return try PostgresStorage(address: address, poolSize: poolSize, timeout: timeout, logger: logger)
    }

    package func install(_ schema: StorageSchema) async throws {
        let (address, logger) = (self.address, self.logger)
        try await Self.withConnection(to: address, logger: logger) { connection in
            try await Self.withMigrationLock(on: connection, for: address, logger: logger) {
                try await PostgresHostSchema.apply(schema.postgres, on: connection, logger: logger)
            }
        }
    }

    /// Connects and logs in once, for `atrium check`: throws ``PostgresUnavailable`` when the
    /// server cannot be reached or refuses the login.
    package static func check(address: PostgresAddress, logger: Logger) async throws {
        try await withConnection(to: address, logger: logger) { connection in
            try await connection.query("SELECT 1", logger: logger)
        }
    }

    /// One connection of its own.
    private static func withConnection(
        to address: PostgresAddress,
        logger: Logger,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Void
    ) async throws {
        let settings = try connectionConfiguration(address)
        let connection: PostgresConnection
        do {
            connection = try await withThrowingTaskGroup(of: PostgresConnection?.self) { group in
                group.addTask { try await PostgresConnection.connect(configuration: settings, id: 0, logger: logger) }
                group.addTask {
                    try await Task.sleep(for: .seconds(connectSeconds + 1))
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                guard let first else { throw PostgresUnavailable(address: address, timedOutAfter: connectSeconds) }
                return first
            }
        } catch let error as PostgresUnavailable {
            throw error
        } catch {
            throw PostgresUnavailable(address: address, error: error)
        }
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// Runs `body` holding the migration lock of the address's schema: hosts starting together take
    /// turns, and each finds what the one before did. The lock goes with the connection if the host
    /// dies.
    static func withMigrationLock<Result: Sendable>(
        on connection: PostgresConnection,
        for address: PostgresAddress,
        logger: Logger,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let name = "atrium migrations: \(address.database).\(address.schema ?? "")"
        try await connection.query("SELECT pg_advisory_lock(hashtext(\(name)))", logger: logger)
        let result: Result
        do {
            result = try await body()
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(hashtext(\(name)))", logger: logger)
            throw error
        }
        try await connection.query("SELECT pg_advisory_unlock(hashtext(\(name)))", logger: logger)
        return result
    }

    /// How to open one connection of its own to `address` (schema included).
    static func connectionConfiguration(_ address: PostgresAddress) throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password, database: address.database,
            tls: try connectionTLS(address.tls))
        configuration.options.connectTimeout = .seconds(Int64(connectSeconds))
        if let schema = address.schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }

    private static func clientTLS(_ mode: PostgresAddress.TLSMode) throws -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    private static func connectionTLS(_ mode: PostgresAddress.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }

    package func records(module: String, owner: RecordOwner, quota: VisitorLimits?) -> any RecordStore {
        TracedRecordStore.wrapping(
            PostgresRecordStore(
                client: client, watchdog: watchdog, announcer: announcer, logger: logger, module: module, owner: owner.key, quota: quota,
                grants: collectionGrants),
            backend: "postgresql", module: module)
    }

    package func deleteRecords(module: String, collection: String, changedBefore date: Double) async throws -> Int {
        let logger = logger
        // Records no host caches need no announcement; others tell every host to forget.
        let announced: [StorageChange] = changes.records.caches(module: module, collection: collection) ? [.everything] : []
        return try await announcer.write(announcing: announced) { connection in
            try await connection.count(
                "DELETE FROM records WHERE module = \(module) AND collection = \(collection) AND updated_at < \(date) RETURNING 1", logger: logger)
        }
    }

    package func recordsHolding(_ bytes: Data) async throws -> [(module: String, collection: String, count: Int)] {
        let rows = try await client.query(
            "SELECT module, collection, count(*)::bigint FROM records WHERE position(\(bytes) in json) > 0 GROUP BY module, collection ORDER BY 1, 2",
            logger: logger)
        var counts: [(module: String, collection: String, count: Int)] = []
        for try await (module, collection, count) in rows.decode((String, String, Int).self) { counts.append((module, collection, count)) }
        return counts
    }

    /// Whether the server answers within `storage.timeout`, the same bound every operation has: a
    /// busy host whose requests still succeed is not reported unready.
    package func isReady() async -> Bool {
        guard watchdog.health.downCause == nil else { return false }
        let (logger, watchdog) = (logger, watchdog)
        return (try? await client.withBoundedConnection(watchdog: watchdog) { try await $0.count("SELECT 1", logger: logger) }) == 1
    }

    /// Several hosts share the server: there is nothing to claim.
    package func claimForServing() throws {}

    /// Closes the pool's connections and the listening one.
    package func close() throws {
        listening.cancel()
        running.cancel()
        watchdog.stop()
    }
}

extension PostgresStorage {
    package func ageSessionRows(bySeconds seconds: Double) async throws {
        try await client.query("UPDATE sessions SET expires_at = expires_at - \(seconds)", logger: logger)
    }

    package func storedBytes() async throws -> Data {
        var bytes = Data()
        let tables = try await client.query(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'atrium_schema'", logger: logger)
        for try await table in tables.decode(String.self) {
            let rows = try await client.query("SELECT convert_to(t::text, 'UTF8') FROM \(unescaped: table) t", logger: logger)
            for try await row in rows.decode(Data.self) { bytes += row }
        }
        return bytes
    }
}
