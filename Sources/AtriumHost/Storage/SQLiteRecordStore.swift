@_spi(AtriumHost) import AtriumSDK
import Foundation
import GRDB

/// Records of one module and one owner in the `records` table, as JSON.
struct SQLiteRecordStore: RecordStore {
    let database: DatabasePool
    let module: String
    let owner: String

    func record<Record: Decodable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        let json = try await database.read { [module, owner] db in
            try Data.fetchOne(
                db,
                sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                arguments: [module, owner, collection, id]
            )
        }
        return try json.map { try JSONDecoder().decode(type, from: $0) }
    }

    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        let json = try JSONEncoder().encode(record)
        try await database.write { [module, owner] db in
            try db.execute(
                sql: """
                    INSERT INTO records (module, owner, collection, id, json, updatedAt) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (module, owner, collection, id) DO UPDATE SET json = excluded.json, updatedAt = excluded.updatedAt
                    """,
                arguments: [module, owner, collection, id, json, Date().timeIntervalSince1970]
            )
        }
    }

    func deleteRecord(id: String, in collection: String) async throws {
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
        // GRDB runs every write of the pool one after another, each in its own transaction, so
        // the read and the write below cannot interleave with another writer.
        try await database.write { [module, owner] db in
            let stored = try Data.fetchOne(
                db,
                sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                arguments: [module, owner, collection, id]
            )
            var record = try stored.map { try JSONDecoder().decode(type, from: $0) }
            let result = try change(&record)
            if let record {
                try db.execute(
                    sql: """
                        INSERT INTO records (module, owner, collection, id, json, updatedAt) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (module, owner, collection, id) DO UPDATE SET json = excluded.json, updatedAt = excluded.updatedAt
                        """,
                    arguments: [module, owner, collection, id, try JSONEncoder().encode(record), Date().timeIntervalSince1970]
                )
            } else if stored != nil {
                try db.execute(
                    sql: "DELETE FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                    arguments: [module, owner, collection, id]
                )
            }
            return result
        }
    }

    func records<Record: Decodable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        let rows = try await database.read { [module, owner] db in
            try Data.fetchAll(
                db,
                sql: "SELECT json FROM records WHERE module = ? AND owner = ? AND collection = ? ORDER BY id",
                arguments: [module, owner, collection]
            )
        }
        let decoder = JSONDecoder()
        return try rows.map { try decoder.decode(type, from: $0) }
    }
}
