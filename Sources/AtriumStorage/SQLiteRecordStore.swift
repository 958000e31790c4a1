import AtriumRecords
import AtriumSDK
import Foundation
import GRDB

/// Records of one module and one owner in the `records` table, as JSON, read through the storage's
/// ``RecordCache`` (except inside a transaction, whose writes are not yet everyone's). Each write
/// is announced on the ``ChangeFeed`` once it commits.
struct SQLiteRecordStore: RecordStore {
    let database: SQLiteDatabase
    let feed: ChangeFeed
    var cache: RecordCache { feed.records }
    let module: String
    let owner: String
    /// An anonymous visitor's limits, checked in the transaction of each write that keeps something.
    let quota: VisitorLimits?
    /// The collections each module declared: a write elsewhere is refused.
    let grants: CollectionGrants

    func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        RecordReadLog.note(module: module, collection: collection, owner: owner, id: id)
        if database.isInTransaction { return try await storedJSON(id: id, in: collection).map { try RecordDecoding.decode(type, from: $0) } }
        return try await cache.record(type, module: module, collection: collection, id: id, owner: owner) {
            try await storedJSON(id: id, in: collection)
        }
    }

    func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        RecordReadLog.note(module: module, collection: collection, owner: owner, id: nil)
        if database.isInTransaction {
            let decoder = JSONDecoder()
            return try await storedJSON(in: collection).map { try RecordDecoding.decode(type, from: $0, using: decoder) }
        }
        return try await cache.records(type, module: module, collection: collection, owner: owner) { try await storedJSON(in: collection) }
    }

    // Reads run on the calling thread: a lookup by primary key (or a module's small collection)
    // costs microseconds, less than handing the work to GRDB's reader queue and back.

    private func storedJSON(id: String, in collection: String) async throws -> Data? {
        cache.noteLoad()
        return try await database.read { [module, owner] db in
            let statement = try db.cachedStatement(
                sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?")
            return try Data.fetchOne(statement, arguments: [module, owner, collection, id])
        }
    }

    private func storedJSON(in collection: String) async throws -> [Data] {
        cache.noteLoad()
        return try await database.read { [module, owner] db in
            let statement = try db.cachedStatement(
                sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? ORDER BY id")
            return try Data.fetchAll(statement, arguments: [module, owner, collection])
        }
    }

    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        let encoded = try JSONEncoder().encode(record)
        defer { announce(collection, id) }
        try await database.write { [module, owner, quota] db in
            // What a newer version wrote and this one's type does not know is kept (RecordMerge).
            let stored = try Data.fetchOne(
                db, sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                arguments: [module, owner, collection, id])
            let json = RecordMerge.json(record, encoded: encoded, over: stored)
            try Self.check(quota, adding: json, module: module, owner: owner, collection: collection, id: id, in: db)
            try Self.upsert(json, module: module, owner: owner, collection: collection, id: id, in: db)
        }
    }

    func insert<Record: Codable & Sendable>(_ record: Record, id: String, in collection: String) async throws -> Bool {
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        let json = try JSONEncoder().encode(record)
        defer { announce(collection, id) }
        return try await database.write { [module, owner, quota] db in
            try Self.check(quota, adding: json, module: module, owner: owner, collection: collection, id: id, in: db)
            try db.execute(
                sql: """
                    INSERT INTO records (module, owner, collection, id, json, updatedAt) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (module, owner, collection, id) DO NOTHING
                    """,
                arguments: [module, owner, collection, id, json, Date().timeIntervalSince1970]
            )
            return db.changesCount == 1
        }
    }

    func deleteRecord(id: String, in collection: String) async throws {
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        defer { announce(collection, id) }
        try await database.write { [module, owner] db in
            try db.execute(
                sql: "DELETE FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                arguments: [module, owner, collection, id]
            )
        }
    }

    func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type,
        id: String,
        in collection: String,
        _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result {
        RecordReadLog.noteWrite()
        try grants.checkWrite(module: module, collection: collection)
        defer { announce(collection, id) }
        // GRDB runs every write of the pool one after another, each in its own transaction, so
        // the read and the write below cannot interleave with another writer.
        return try await database.write { [module, owner, quota] db in
            let stored = try Data.fetchOne(
                db,
                sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                arguments: [module, owner, collection, id]
            )
            var record = try stored.map { try RecordDecoding.decode(type, from: $0) }
            let result = try change(&record)
            if let record {
                let json = RecordMerge.json(record, encoded: try JSONEncoder().encode(record), over: stored)
                try Self.check(quota, adding: json, module: module, owner: owner, collection: collection, id: id, in: db)
                try Self.upsert(json, module: module, owner: owner, collection: collection, id: id, in: db)
            } else if stored != nil {
                try db.execute(
                    sql: "DELETE FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                    arguments: [module, owner, collection, id]
                )
            }
            return result
        }
    }

    /// What the transaction wrote is announced once it commits (a read by another request while it
    /// was open saw what was committed before, and may have kept it: the announcement makes the cache
    /// forget that); a transaction that rolls back announces nothing.
    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        RecordReadLog.noteWrite()
        if database.isInTransaction { return try await database.transaction(body) }
        let pending = PendingChanges()
        let result = try await PendingChanges.$current.withValue(pending) { try await database.transaction(body) }
        pending.committed(to: feed)
        return result
    }

    /// Announces a write to `id` (after it ran, failed or not: a change that did not happen only
    /// makes the cache read again).
    private func announce(_ collection: String, _ id: String) {
        PendingChanges.announce([.record(module: module, collection: collection, owner: owner, id: id)], to: feed)
    }

    /// Throws when the owner's other records and this one would pass `quota`.
    private static func check(
        _ quota: VisitorLimits?, adding json: Data, module: String, owner: String, collection: String, id: String, in db: Database
    ) throws {
        guard let quota else { return }
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT COUNT(*), COALESCE(SUM(LENGTH(json)), 0) FROM records
                WHERE owner = ? AND NOT (module = ? AND collection = ? AND id = ?)
                """,
            arguments: [owner, module, collection, id])
        try quota.check(records: row?[0] ?? 0, bytes: row?[1] ?? 0, newBytes: json.count)
    }

    private static func upsert(_ json: Data, module: String, owner: String, collection: String, id: String, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO records (module, owner, collection, id, json, updatedAt) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (module, owner, collection, id) DO UPDATE SET json = excluded.json, updatedAt = excluded.updatedAt
                """,
            arguments: [module, owner, collection, id, json, Date().timeIntervalSince1970]
        )
    }
}
