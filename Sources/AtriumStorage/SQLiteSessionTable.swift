import AtriumSDK
import Foundation
import GRDB

/// Sessions and remembered visitors in the SQLite file; each change is announced on the change
/// feed once it commits.
struct SQLiteSessionTable: SessionTable {
    let database: SQLiteDatabase
    let feed: ChangeFeed

    func insert(_ record: SessionRecord, hash: String, createdAt: Double) async throws {
        try await database.write { db in try Self.insert(record, hash: hash, createdAt: createdAt, in: db) }
    }

    private static func insert(_ record: SessionRecord, hash: String, createdAt: Double, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO sessions (tokenHash, visitorID, userID, csrfToken, previousCSRFToken, createdAt, expiresAt, lifetime)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                hash, record.visitorID, record.userID, record.csrfToken, record.previousCSRFToken, createdAt, record.expiresAt,
                record.lifetime,
            ]
        )
    }

    /// Reads on the calling thread: a point lookup by primary key costs microseconds, far less than
    /// handing the work to GRDB's reader queue and back.
    func session(hash: String, liveAt current: Double) async throws -> SessionRecord? {
        try await database.read { db -> SessionRecord? in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT visitorID, userID, csrfToken, previousCSRFToken, expiresAt, lifetime, replacedAt
                    FROM sessions WHERE tokenHash = ? AND expiresAt > ?
                    """)
            let row = try Row.fetchOne(statement, arguments: [hash, current])
            return row.map {
                let replacedAt: Double? = $0["replacedAt"]
                return SessionRecord(
                    visitorID: $0["visitorID"], userID: replacedAt == nil ? $0["userID"] : nil, csrfToken: $0["csrfToken"],
                    previousCSRFToken: $0["previousCSRFToken"], expiresAt: $0["expiresAt"], lifetime: $0["lifetime"],
                    isReplaced: replacedAt != nil
                )
            }
        }
    }

    func slide(hash: String, to expiresAt: Double) async throws {
        defer { feed.committed([.session(hash: hash)]) }
        try await database.write { db in
            try db.execute(sql: "UPDATE sessions SET expiresAt = ? WHERE tokenHash = ? AND replacedAt IS NULL", arguments: [expiresAt, hash])
        }
    }

    func replace(_ replacement: SessionReplacement) async throws -> SessionRecord {
        defer { feed.committed(replacement.changes) }
        let (hash, graceEnd, carryOver, date, record, newHash) = (
            replacement.hash, replacement.graceEnd, replacement.carryOver, replacement.date, replacement.record, replacement.newHash
        )
        return try await database.write { db in
            var previousCSRFToken = replacement.previous
            if let hash {
                previousCSRFToken =
                    try String.fetchOne(db, sql: "SELECT csrfToken FROM sessions WHERE tokenHash = ?", arguments: [hash]) ?? replacement.previous
                try db.execute(
                    sql: "UPDATE sessions SET replacedAt = ?, expiresAt = MIN(expiresAt, ?) WHERE tokenHash = ?",
                    arguments: [date.timeIntervalSince1970, graceEnd, hash]
                )
            }
            if let carryOver {
                try Self.carry(carryOver, in: db, at: date.timeIntervalSince1970)
                try db.execute(sql: "DELETE FROM visitors WHERE visitorID = ?", arguments: [carryOver.visitorID])
            }
            var record = record
            record.previousCSRFToken = previousCSRFToken
            try Self.insert(record, hash: newHash, createdAt: date.timeIntervalSince1970, in: db)
            return record
        }
    }

    private static func carry(_ carryOver: SignInCarryOver, in db: Database, at date: Double) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT v.module, v.collection, v.id, v.json, a.json AS accountJSON FROM records v
                LEFT JOIN records a ON a.module = v.module AND a.collection = v.collection AND a.id = v.id AND a.owner = ?
                WHERE v.owner = ?
                """,
            arguments: [carryOver.user, carryOver.visitor]
        ).map {
            SignInCarryOver.Row(
                module: $0["module"], collection: $0["collection"], id: $0["id"], visitorJSON: $0["json"], accountJSON: $0["accountJSON"])
        }
        for step in carryOver.steps(for: rows) {
            switch step {
            case .move(let module, let collection, let id):
                try db.execute(
                    sql: "UPDATE records SET owner = ?, updatedAt = ? WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                    arguments: [carryOver.user, date, module, carryOver.visitor, collection, id]
                )
            case .keepAccount(let module, let collection, let id, let json):
                if let json {
                    try db.execute(
                        sql: "UPDATE records SET json = ?, updatedAt = ? WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                        arguments: [json, date, module, carryOver.user, collection, id]
                    )
                }
                try db.execute(
                    sql: "DELETE FROM records WHERE module = ? AND owner = ? AND collection = ? AND id = ?",
                    arguments: [module, carryOver.visitor, collection, id]
                )
            }
        }
    }

    func delete(hash: String) async throws {
        defer { feed.committed([.session(hash: hash)]) }
        try await database.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE tokenHash = ?", arguments: [hash])
        }
    }

    func purgeExpired(at current: Double) async throws -> Int {
        let purged = try await database.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE expiresAt <= ?", arguments: [current])
            let sessions = db.changesCount
            try db.execute(
                sql: "DELETE FROM records WHERE owner IN (SELECT 'visitor:' || visitorID FROM visitors WHERE expiresAt <= ?)", arguments: [current])
            try db.execute(sql: "DELETE FROM visitors WHERE expiresAt <= ?", arguments: [current])
            return sessions + db.changesCount
        }
        if purged > 0 { feed.committed([.everything]) }
        return purged
    }

    func keepVisitor(_ visitorID: String, until expiresAt: Double, atMost budget: Int) async throws -> [String] {
        let forgotten = try await database.write { db -> [String] in
            let isNew = try Bool.fetchOne(db, sql: "SELECT 1 FROM visitors WHERE visitorID = ?", arguments: [visitorID]) == nil
            try db.execute(
                sql: "INSERT INTO visitors (visitorID, expiresAt) VALUES (?, ?) ON CONFLICT (visitorID) DO UPDATE SET expiresAt = excluded.expiresAt",
                arguments: [visitorID, expiresAt])
            // Only a new visitor can take the count past the budget.
            guard isNew else { return [] }
            let over = (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visitors") ?? 0) - budget
            guard over > 0 else { return [] }
            let forgotten = try String.fetchAll(
                db, sql: "SELECT visitorID FROM visitors WHERE visitorID != ? ORDER BY expiresAt LIMIT ?", arguments: [visitorID, over])
            for id in forgotten {
                try db.execute(sql: "DELETE FROM records WHERE owner = ?", arguments: [RecordOwner.visitor(id).key])
                try db.execute(sql: "DELETE FROM visitors WHERE visitorID = ?", arguments: [id])
            }
            return forgotten
        }
        if !forgotten.isEmpty { feed.committed([.owners(forgotten.map { RecordOwner.visitor($0).key })]) }
        return forgotten
    }

    func sessionRowCount() async throws -> Int {
        try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions") ?? 0 }
    }

    func visitorRowCount() async throws -> Int {
        try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visitors") ?? 0 }
    }
}
