import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Sessions and remembered visitors on the PostgreSQL server, so every host finds every session;
/// every change a host may have cached is announced to every host (``PostgresChangeAnnouncer``).
struct PostgresSessionTable: SessionTable {
    let client: PostgresClient
    let watchdog: StorageWatchdog
    let announcer: PostgresChangeAnnouncer
    let logger: Logger

    func insert(_ record: SessionRecord, hash: String, createdAt: Double) async throws {
        try await run(Self.insertion(record, hash: hash, createdAt: createdAt))
    }

    /// Runs one statement that returns no rows.
    private func run(_ query: PostgresQuery) async throws {
        let logger = logger
        try await client.withBoundedConnection(watchdog: watchdog) { connection in _ = try await connection.query(query, logger: logger) }
    }

    private static func insertion(_ record: SessionRecord, hash: String, createdAt: Double) -> PostgresQuery {
        """
        INSERT INTO sessions (token_hash, visitor_id, user_id, csrf_token, previous_csrf_token, created_at, expires_at, lifetime)
        VALUES (\(hash), \(record.visitorID), \(record.userID), \(record.csrfToken), \(record.previousCSRFToken), \(createdAt),
                \(record.expiresAt), \(record.lifetime))
        """
    }

    func session(hash: String, liveAt current: Double) async throws -> SessionRecord? {
        let logger = logger
        return try await client.withBoundedConnection(watchdog: watchdog) { connection in
            for try await record in try await connection.execute(PostgresSessionByHash(hash: hash, current: current), logger: logger) {
                return record
            }
            return nil
        }
    }

    func slide(hash: String, to expiresAt: Double) async throws {
        let logger = logger
        try await announcer.write(announcing: [.session(hash: hash)]) { connection in
            try await connection.query(
                "UPDATE sessions SET expires_at = \(expiresAt) WHERE token_hash = \(hash) AND replaced_at IS NULL", logger: logger)
        }
    }

    func replace(_ replacement: SessionReplacement) async throws -> SessionRecord {
        let logger = logger
        return try await announcer.transaction(announcing: replacement.changes) { connection in
            var record = replacement.record
            record.previousCSRFToken = replacement.previous
            let now = replacement.date.timeIntervalSince1970
            let (hash, graceEnd, carryOver, newHash) = (replacement.hash, replacement.graceEnd, replacement.carryOver, replacement.newHash)
            if let hash {
                let rows = try await connection.query(
                    """
                    UPDATE sessions SET replaced_at = \(now), expires_at = LEAST(expires_at, \(graceEnd))
                    WHERE token_hash = \(hash) RETURNING csrf_token
                    """, logger: logger)
                for try await csrfToken in rows.decode(String.self) { record.previousCSRFToken = csrfToken }
            }
            if let carryOver {
                try await Self.carry(carryOver, on: connection, at: now, logger: logger)
                try await connection.query("DELETE FROM visitors WHERE visitor_id = \(carryOver.visitorID)", logger: logger)
            }
            try await connection.query(Self.insertion(record, hash: newHash, createdAt: now), logger: logger)
            return record
        }
    }

    private static func carry(_ carryOver: SignInCarryOver, on connection: PostgresConnection, at date: Double, logger: Logger) async throws {
        var rows: [SignInCarryOver.Row] = []
        let found = try await connection.query(
            """
            SELECT v.module, v.collection, v.id, v.json, a.json FROM records v
            LEFT JOIN records a ON a.module = v.module AND a.collection = v.collection AND a.key = v.key AND a.owner = \(carryOver.user)
            WHERE v.owner = \(carryOver.visitor) FOR UPDATE OF v
            """, logger: logger)
        for try await (module, collection, id, visitorJSON, accountJSON) in found.decode((String, String, ByteBuffer, Data, Data?).self) {
            rows.append(.init(module: module, collection: collection, id: String(buffer: id), visitorJSON: visitorJSON, accountJSON: accountJSON))
        }
        let (visitor, user) = (carryOver.visitor, carryOver.user)
        for step in carryOver.steps(for: rows) {
            switch step {
            case .move(let module, let collection, let id):
                try await connection.query(
                    """
                    UPDATE records SET owner = \(user), updated_at = \(date)
                    WHERE module = \(module) AND owner = \(visitor) AND collection = \(collection) AND key = \(PostgresRecordStore.key(id))
                    """, logger: logger)
            case .keepAccount(let module, let collection, let id, let json):
                if let json {
                    try await connection.query(
                        """
                        UPDATE records SET json = \(ByteBuffer(bytes: json)), updated_at = \(date)
                        WHERE module = \(module) AND owner = \(user) AND collection = \(collection) AND key = \(PostgresRecordStore.key(id))
                        """, logger: logger)
                }
                try await connection.query(
                    """
                    DELETE FROM records
                    WHERE module = \(module) AND owner = \(visitor) AND collection = \(collection) AND key = \(PostgresRecordStore.key(id))
                    """, logger: logger)
            }
        }
    }

    func delete(hash: String) async throws {
        let logger = logger
        try await announcer.write(announcing: [.session(hash: hash)]) { connection in
            try await connection.query("DELETE FROM sessions WHERE token_hash = \(hash)", logger: logger)
        }
    }

    func purgeExpired(at current: Double) async throws -> Int {
        let logger = logger
        return try await announcer.transaction(announcing: []) { connection in
            let sessions = try await connection.count("DELETE FROM sessions WHERE expires_at <= \(current) RETURNING 1", logger: logger)
            try await connection.query(
                """
                DELETE FROM records WHERE owner IN (SELECT 'visitor:' || visitor_id FROM visitors WHERE expires_at <= \(current))
                """, logger: logger)
            let visitors = try await connection.count("DELETE FROM visitors WHERE expires_at <= \(current) RETURNING 1", logger: logger)
            if sessions + visitors > 0 { PostgresChangeAnnouncer.alsoAnnounce([.everything]) }
            return sessions + visitors
        }
    }

    func keepVisitor(_ visitorID: String, until expiresAt: Double, atMost budget: Int) async throws -> [String] {
        let logger = logger
        return try await announcer.transaction(announcing: []) { connection in
            // xmax = 0: the row was inserted, not updated. Only a new visitor can pass the budget.
            let inserted = try await connection.query(
                """
                INSERT INTO visitors (visitor_id, expires_at) VALUES (\(visitorID), \(expiresAt))
                ON CONFLICT (visitor_id) DO UPDATE SET expires_at = excluded.expires_at RETURNING (xmax = 0)
                """, logger: logger)
            var isNew = false
            for try await flag in inserted.decode(Bool.self) { isNew = flag }
            guard isNew else { return [] }
            var over = -budget
            for try await count in try await connection.query("SELECT COUNT(*)::bigint FROM visitors", logger: logger).decode(Int.self) {
                over += count
            }
            guard over > 0 else { return [] }
            let rows = try await connection.query(
                """
                DELETE FROM visitors WHERE visitor_id IN (
                    SELECT visitor_id FROM visitors WHERE visitor_id <> \(visitorID) ORDER BY expires_at LIMIT \(over) FOR UPDATE SKIP LOCKED)
                RETURNING visitor_id
                """, logger: logger)
            var forgotten: [String] = []
            for try await id in rows.decode(String.self) { forgotten.append(id) }
            if !forgotten.isEmpty {
                let owners = forgotten.map { RecordOwner.visitor($0).key }
                try await connection.query("DELETE FROM records WHERE owner = ANY(\(owners))", logger: logger)
                PostgresChangeAnnouncer.alsoAnnounce([.owners(owners)])
            }
            return forgotten
        }
    }

    func sessionRowCount() async throws -> Int { try await count("SELECT COUNT(*) FROM sessions") }

    func visitorRowCount() async throws -> Int { try await count("SELECT COUNT(*) FROM visitors") }

    private func count(_ query: PostgresQuery) async throws -> Int {
        for try await count in try await client.query(query, logger: logger).decode(Int.self) { return count }
        return 0
    }
}
