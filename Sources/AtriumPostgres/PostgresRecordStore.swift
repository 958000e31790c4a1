import AtriumRecords
import AtriumSDK
import AtriumStorage
import Crypto
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Records of one module and one owner in PostgreSQL's `records` table, as JSON, read through the
/// storage's ``RecordCache`` like SQLite's (outside transactions, and for collections hosts cache):
/// every host's writes announce themselves (``PostgresChangeAnnouncer``) and reach every host's
/// cache through the change feed.
struct PostgresRecordStore: RecordStore {
    let client: PostgresClient
    let watchdog: StorageWatchdog
    let announcer: PostgresChangeAnnouncer
    let logger: Logger
    let module: String
    let owner: String
    /// An anonymous visitor's limits, checked on the connection of each write that keeps something
    /// (two of one visitor's writes at once may each pass: the limit is a bound, not an exact count).
    let quota: VisitorLimits?
    /// The collections each module declared: a write elsewhere is refused.
    let grants: CollectionGrants

    /// The primary key of an id: its SHA-256 (see ``PostgresHostSchema``).
    static func key(_ id: String) -> ByteBuffer { ByteBuffer(bytes: SHA256.hash(data: Array(id.utf8))) }

    var cache: RecordCache { announcer.feed.records }

    /// Whether reads of `collection` may be served from the cache: outside a transaction (whose
    /// writes are not yet everyone's) and for collections hosts cache.
    private func readsCache(_ collection: String) -> Bool {
        PostgresTransaction.current == nil && cache.caches(module: module, collection: collection)
    }

    func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        RecordReadLog.note(module: module, collection: collection, owner: owner, id: id)
        guard readsCache(collection) else { return try await storedJSON(id: id, in: collection).map { try RecordDecoding.decode(type, from: $0) } }
        return try await cache.record(type, module: module, collection: collection, id: id, owner: owner) {
            try await storedJSON(id: id, in: collection)
        }
    }

    func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        RecordReadLog.note(module: module, collection: collection, owner: owner, id: nil)
        guard readsCache(collection) else {
            let decoder = JSONDecoder()
            return try await storedJSON(in: collection).map { try RecordDecoding.decode(type, from: $0, using: decoder) }
        }
        return try await cache.records(type, module: module, collection: collection, owner: owner) { try await storedJSON(in: collection) }
    }

    private func storedJSON(id: String, in collection: String) async throws -> Data? {
        cache.noteLoad()
        let (statement, logger) = (PostgresRecordByKey(module: module, owner: owner, collection: collection, key: Self.key(id)), logger)
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            for try await json in try await connection.execute(statement, logger: logger) { return json }
            return nil
        }
    }

    private func storedJSON(in collection: String) async throws -> [Data] {
        cache.noteLoad()
        let (statement, logger) = (PostgresRecordsOfCollection(module: module, owner: owner, collection: collection), logger)
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            var rows: [Data] = []
            for try await json in try await connection.execute(statement, logger: logger) { rows.append(json) }
            return rows
        }
    }

    /// What a write to `id` of `collection` announces: nothing for collections no host caches.
    private func changes(_ collection: String, _ id: String) -> [StorageChange] {
        cache.caches(module: module, collection: collection) ? [.record(module: module, collection: collection, owner: owner, id: id)] : []
    }

    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        let encoded = try JSONEncoder().encode(record)
        let (module, owner, quota, logger) = (module, owner, quota, logger)
        try await announcer.transaction(announcing: changes(collection, id)) { connection in
            // What a newer version wrote and this one's type does not know is kept (RecordMerge).
            let rows = try await connection.query(
                """
                SELECT json FROM records
                WHERE module = \(module) AND owner = \(owner) AND collection = \(collection) AND key = \(Self.key(id)) FOR UPDATE
                """, logger: logger)
            var stored: Data?
            for try await json in rows.decode(Data.self) { stored = json }
            let json = ByteBuffer(bytes: RecordMerge.json(record, encoded: encoded, over: stored))
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
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        let json = ByteBuffer(bytes: try JSONEncoder().encode(record))
        let (module, owner, quota, logger) = (module, owner, quota, logger)
        return try await announcer.write(announcing: changes(collection, id)) { connection in
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
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        let (query, logger): (PostgresQuery, Logger) = (
            "DELETE FROM records WHERE module = \(module) AND owner = \(owner) AND collection = \(collection) AND key = \(Self.key(id))", logger
        )
        try await announcer.write(announcing: changes(collection, id)) { connection in _ = try await connection.query(query, logger: logger) }
    }

    /// One transaction on one connection for everything `body` does through any of this storage's
    /// stores (see ``PostgresTransaction``); inside another, a savepoint of it (undone when `body`
    /// throws). The whole transaction has `storage.timeout` to finish.
    /// What it wrote is announced once, as it commits; a transaction that rolls back announces
    /// nothing.
    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        RecordReadLog.noteWrite()
        return try await announcer.transaction(announcing: []) { _ in try await body() }
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
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        let (module, owner, quota, logger) = (module, owner, quota, logger)
        while true {
            do {
                return try await announcer.transaction(announcing: changes(collection, id)) { connection in
                    let rows = try await connection.query(
                        """
                        SELECT json FROM records
                        WHERE module = \(module) AND owner = \(owner) AND collection = \(collection) AND key = \(Self.key(id)) FOR UPDATE
                        """, logger: logger)
                    var stored: Data?
                    for try await json in rows.decode(Data.self) { stored = json }
                    var record = try stored.map { try RecordDecoding.decode(type, from: $0) }
                    let result = try change(&record)
                    if let record {
                        let json = ByteBuffer(bytes: RecordMerge.json(record, encoded: try JSONEncoder().encode(record), over: stored))
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
            } catch is InsertedMeanwhile {
                continue
            }
        }
    }
}
