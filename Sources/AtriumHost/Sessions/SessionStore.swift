import Crypto
import Foundation
import GRDB

/// Server-side sessions in the host's database. The cookie carries a random token; the database
/// keeps only its SHA-256 hash, so a copy of the database opens no session.
public struct SessionStore: Sendable {
    let database: DatabasePool
    /// How long an anonymous session lives after its last use; signing in may set another lifetime.
    public let lifetime: Duration
    let now: @Sendable () -> Date

    public init(storage: SQLiteStorage, lifetime: Duration = .seconds(30 * 24 * 3600), now: @escaping @Sendable () -> Date = Date.init) {
        self.database = storage.database
        self.lifetime = lifetime
        self.now = now
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Creates a session and returns its token (for the cookie) and record.
    public func create(
        visitorID: String = UUID().uuidString,
        userID: String? = nil,
        lifetime: Duration? = nil
    ) async throws -> (token: String, record: SessionRecord) {
        let token = Self.randomToken()
        let seconds = Double((lifetime ?? self.lifetime).components.seconds)
        let record = SessionRecord(
            visitorID: visitorID,
            userID: userID,
            csrfToken: Self.randomToken(),
            expiresAt: now().timeIntervalSince1970 + seconds,
            lifetime: seconds
        )
        try await database.write { [now] db in
            try db.execute(
                sql: """
                    INSERT INTO sessions (tokenHash, visitorID, userID, csrfToken, createdAt, expiresAt, lifetime)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Self.hash(token), record.visitorID, record.userID, record.csrfToken, now().timeIntervalSince1970, record.expiresAt,
                    seconds,
                ]
            )
        }
        return (token, record)
    }

    /// The live session for a token, its expiry slid forward; nil when unknown or expired.
    public func find(token: String) async throws -> SessionRecord? {
        let hash = Self.hash(token)
        let current = now().timeIntervalSince1970
        let found = try await database.read { db -> SessionRecord? in
            let row = try Row.fetchOne(
                db,
                sql: "SELECT visitorID, userID, csrfToken, expiresAt, lifetime FROM sessions WHERE tokenHash = ? AND expiresAt > ?",
                arguments: [hash, current]
            )
            return row.map {
                SessionRecord(
                    visitorID: $0["visitorID"], userID: $0["userID"], csrfToken: $0["csrfToken"], expiresAt: $0["expiresAt"], lifetime: $0["lifetime"]
                )
            }
        }
        guard var record = found else { return nil }
        // Slide the expiry, but write at most about once a minute per session.
        let slid = current + record.lifetime
        if slid - record.expiresAt > 60 {
            record.expiresAt = slid
            try await database.write { db in
                try db.execute(sql: "UPDATE sessions SET expiresAt = ? WHERE tokenHash = ?", arguments: [slid, hash])
            }
        }
        return record
    }

    /// Replaces a session by a new one for the same visitor, signed in as `userID`: the old token
    /// opens nothing afterwards.
    public func rotate(token: String?, visitorID: String, userID: String?, lifetime: Duration? = nil) async throws -> (
        token: String, record: SessionRecord
    ) {
        if let token { try await revoke(token: token) }
        return try await create(visitorID: visitorID, userID: userID, lifetime: lifetime)
    }

    public func revoke(token: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE tokenHash = ?", arguments: [Self.hash(token)])
        }
    }

    /// Deletes expired sessions; returns how many.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        let current = now().timeIntervalSince1970
        return try await database.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE expiresAt <= ?", arguments: [current])
            return db.changesCount
        }
    }
}
