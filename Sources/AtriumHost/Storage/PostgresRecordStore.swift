@_spi(AtriumHost) import AtriumSDK
import Crypto
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Records of one module and one owner in PostgreSQL's `records` table, as JSON. Reads go to the
/// server every time: another host may have written since.
struct PostgresRecordStore: RecordStore {
    let client: PostgresClient
    let watchdog: StorageWatchdog
    let logger: Logger
    let module: String
    let owner: String
    /// An anonymous visitor's limits, checked on the connection of each write that keeps something
    /// (two of one visitor's writes at once may each pass: the limit is a bound, not an exact count).
    let quota: VisitorLimits?

    /// The primary key of an id: its SHA-256 (see ``PostgresHostSchema``).
    static func key(_ id: String) -> ByteBuffer { ByteBuffer(bytes: SHA256.hash(data: Array(id.utf8))) }

    func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        RecordReadLog.note(module: module, collection: collection, owner: owner, id: id)
        let (statement, logger, watchdog) = (
            PostgresRecordByKey(module: module, owner: owner, collection: collection, key: Self.key(id)), logger, watchdog
        )
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            for try await json in try await connection.execute(statement, logger: logger) { return try JSONDecoder().decode(type, from: json) }
            return nil
        }
    }

    func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        RecordReadLog.note(module: module, collection: collection, owner: owner, id: nil)
        let (statement, logger, watchdog) = (PostgresRecordsOfCollection(module: module, owner: owner, collection: collection), logger, watchdog)
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            let decoder = JSONDecoder()
            var records: [Record] = []
            for try await json in try await connection.execute(statement, logger: logger) { records.append(try decoder.decode(type, from: json)) }
            return records
        }
    }

    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        let json = ByteBuffer(bytes: try JSONEncoder().encode(record))
        let (module, owner, quota, logger) = (module, owner, quota, logger)
        try await client.withBoundedConnection(watchdog: watchdog) { connection in
            try await Self.check(quota, adding: json, module: module, owner: owner, collection: collection, id: id, on: connection, logger: logger)
            try await connection.query(
                """
                INSERT INTO records (module, owner, collection, key, id, json, updated_at)
                VALUES (\(module), \(owner), \(collection), \(Self.key(id)), \(ByteBuffer(string: id)), \(json), \(Date().timeIntervalSince1970))
                ON CONFLICT (module, owner, collection, key) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at
                """, logger: logger)
        }
    }

    func insert<Record: Codable & Sendable>(_ record: Record, id: String, in collection: String) async throws -> Bool {
        let json = ByteBuffer(bytes: try JSONEncoder().encode(record))
        let (module, owner, quota, logger) = (module, owner, quota, logger)
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            try await Self.check(quota, adding: json, module: module, owner: owner, collection: collection, id: id, on: connection, logger: logger)
            return try await Self.insert(json, module: module, owner: owner, collection: collection, id: id, on: connection, logger: logger)
        }
    }

    /// Throws when the owner's other records and this one would pass `quota`.
    private static func check(
        _ quota: VisitorLimits?, adding json: ByteBuffer, module: String, owner: String, collection: String, id: String,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard let quota else { return }
        let rows = try await connection.query(
            """
            SELECT COUNT(*)::bigint, COALESCE(SUM(length(json)), 0)::bigint FROM records
            WHERE owner = \(owner) AND NOT (module = \(module) AND collection = \(collection) AND key = \(key(id)))
            """, logger: logger)
        for try await (count, bytes) in rows.decode((Int, Int).self) {
            try quota.check(records: count, bytes: bytes, newBytes: json.readableBytes)
        }
    }

    /// Inserts unless the key is taken (waiting for a transaction that is inserting it to end);
    /// true when this inserted it.
    private static func insert(
        _ json: ByteBuffer, module: String, owner: String, collection: String, id: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        try await connection.count(
            """
            INSERT INTO records (module, owner, collection, key, id, json, updated_at)
            VALUES (\(module), \(owner), \(collection), \(key(id)), \(ByteBuffer(string: id)), \(json), \(Date().timeIntervalSince1970))
            ON CONFLICT (module, owner, collection, key) DO NOTHING RETURNING 1
            """, logger: logger) == 1
    }

    func deleteRecord(id: String, in collection: String) async throws {
        try await run("DELETE FROM records WHERE module = \(module) AND owner = \(owner) AND collection = \(collection) AND key = \(Self.key(id))")
    }

    /// Runs one statement that returns no rows.
    private func run(_ query: PostgresQuery) async throws {
        let logger = logger
        try await client.withBoundedConnection(watchdog: watchdog) { connection in _ = try await connection.query(query, logger: logger) }
    }

    /// One transaction on one connection for everything `body` does through any of this storage's
    /// stores (see ``PostgresTransaction``); inside another, a savepoint of it (undone when `body`
    /// throws). The whole transaction has `storage.timeout` to finish.
    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let (client, logger) = (client, logger)
        if let current = PostgresTransaction.current, current.client == ObjectIdentifier(client) {
            return try await current.connection.inTransaction(logger: logger) { _ in try await body() }
        }
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            try await connection.inTransaction(logger: logger) { connection in
                try await PostgresTransaction.$current.withValue(PostgresTransaction(client: client, connection: connection)) { try await body() }
            }
        }
    }

    /// Raised inside the transaction when another host inserted the record this change meant to
    /// insert: the transaction rolls back and the change runs again on what is stored now.
    private struct InsertedMeanwhile: Error {}

    /// Locks the row (`FOR UPDATE`) so a change on another host waits for this one to commit; a
    /// record that is not there yet cannot be locked, so an insert that finds it taken starts over.
    func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type,
        id: String,
        in collection: String,
        _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result {
        let (module, owner, quota, logger) = (module, owner, quota, logger)
        while true {
            do {
                return try await client.withBoundedConnection(watchdog: watchdog) { connection in
                    try await connection.inTransaction(logger: logger) { connection in
                        let rows = try await connection.query(
                            """
                            SELECT json FROM records
                            WHERE module = \(module) AND owner = \(owner) AND collection = \(collection) AND key = \(Self.key(id)) FOR UPDATE
                            """, logger: logger)
                        var stored: Data?
                        for try await json in rows.decode(Data.self) { stored = json }
                        var record = try stored.map { try JSONDecoder().decode(type, from: $0) }
                        let result = try change(&record)
                        if let record {
                            let json = ByteBuffer(bytes: try JSONEncoder().encode(record))
                            try await Self.check(
                                quota, adding: json, module: module, owner: owner, collection: collection, id: id, on: connection, logger: logger)
                            if stored != nil {
                                try await connection.query(
                                    """
                                    UPDATE records SET json = \(json), updated_at = \(Date().timeIntervalSince1970)
                                    WHERE module = \(module) AND owner = \(owner) AND collection = \(collection) AND key = \(Self.key(id))
                                    """, logger: logger)
                            } else if try await !Self.insert(
                                json, module: module, owner: owner, collection: collection, id: id, on: connection, logger: logger)
                            {
                                throw InsertedMeanwhile()
                            }
                        } else if stored != nil {
                            try await connection.query(
                                "DELETE FROM records WHERE module = \(module) AND owner = \(owner) AND collection = \(collection) AND key = \(Self.key(id))",
                                logger: logger)
                        }
                        return result
                    }
                }
            } catch is InsertedMeanwhile {
                continue
            }
        }
    }
}
