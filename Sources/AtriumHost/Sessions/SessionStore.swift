@_spi(AtriumHost) import AtriumSDK
import Crypto
import Foundation
import GRDB

/// Server-side sessions in the host's database. The cookie carries a random token; the database
/// keeps only its SHA-256 hash, so a copy of the database opens no session.
public struct SessionStore: Sendable {
    /// A live session found by its token.
    public struct Found: Sendable, Equatable {
        public var record: SessionRecord
        /// True when this use slid the expiry forward (the cookie's lifetime is then renewed too).
        public var isExtended: Bool
    }

    let database: DatabasePool
    /// How long an anonymous session lives after its last use; signing in may set another lifetime.
    public let lifetime: Duration
    /// How each module's records saved before sign-in join the account's: module → collection → merge.
    let signInMerges: [String: [String: SignInMerge]]
    let now: @Sendable () -> Date

    /// How long a session replaced at sign-in still accepts a form loaded before (a double click).
    static let replacedSessionGrace: Double = 120

    @_spi(AtriumHost)
    public init(
        storage: SQLiteStorage,
        lifetime: Duration = .seconds(30 * 24 * 3600),
        signInMerges: [String: [String: SignInMerge]] = [:],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = storage.database
        self.lifetime = lifetime
        self.signInMerges = signInMerges
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

    /// How far the expiry must have fallen behind before a use slides it (and renews the cookie):
    /// a tenth of the lifetime, at most a day, so an active session is written about once a day.
    static func slideThreshold(for lifetime: Double) -> Double { min(86_400, lifetime / 10) }

    /// Creates a session and returns its token (for the cookie) and record.
    public func create(
        visitorID: String = UUID().uuidString,
        userID: String? = nil,
        lifetime: Duration? = nil
    ) async throws -> (token: String, record: SessionRecord) {
        let lifetime = lifetime ?? self.lifetime
        return try await database.write { [now] db in
            try Self.insert(db, visitorID: visitorID, userID: userID, previousCSRFToken: nil, lifetime: lifetime, at: now())
        }
    }

    private static func insert(
        _ db: Database,
        visitorID: String,
        userID: String?,
        previousCSRFToken: String?,
        lifetime: Duration,
        at date: Date
    ) throws -> (token: String, record: SessionRecord) {
        let token = randomToken()
        let seconds = Double(lifetime.components.seconds)
        let record = SessionRecord(
            visitorID: visitorID,
            userID: userID,
            csrfToken: randomToken(),
            previousCSRFToken: previousCSRFToken,
            expiresAt: date.timeIntervalSince1970 + seconds,
            lifetime: seconds
        )
        try db.execute(
            sql: """
                INSERT INTO sessions (tokenHash, visitorID, userID, csrfToken, previousCSRFToken, createdAt, expiresAt, lifetime)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                hash(token), record.visitorID, record.userID, record.csrfToken, previousCSRFToken, date.timeIntervalSince1970,
                record.expiresAt, seconds,
            ]
        )
        return (token, record)
    }

    /// The live session for a token, its expiry slid forward when it has fallen behind; nil when
    /// unknown or expired.
    public func find(token: String) async throws -> Found? {
        let hash = Self.hash(token)
        let current = now().timeIntervalSince1970
        let found = try await database.read { db -> SessionRecord? in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT visitorID, userID, csrfToken, previousCSRFToken, expiresAt, lifetime, replacedAt
                    FROM sessions WHERE tokenHash = ? AND expiresAt > ?
                    """,
                arguments: [hash, current]
            )
            return row.map {
                let replacedAt: Double? = $0["replacedAt"]
                return SessionRecord(
                    visitorID: $0["visitorID"], userID: replacedAt == nil ? $0["userID"] : nil, csrfToken: $0["csrfToken"],
                    previousCSRFToken: $0["previousCSRFToken"], expiresAt: $0["expiresAt"], lifetime: $0["lifetime"],
                    isReplaced: replacedAt != nil
                )
            }
        }
        guard var record = found else { return nil }
        let slid = current + record.lifetime
        guard !record.isReplaced, slid - record.expiresAt > Self.slideThreshold(for: record.lifetime) else {
            return Found(record: record, isExtended: false)
        }
        record.expiresAt = slid
        try await database.write { db in
            try db.execute(sql: "UPDATE sessions SET expiresAt = ? WHERE tokenHash = ? AND replacedAt IS NULL", arguments: [slid, hash])
        }
        return Found(record: record, isExtended: true)
    }

    /// Replaces a session by a new one for the same visitor, signed in as `userID`, in one
    /// transaction: what the visitor saved moves to the account (merged by each module's rule), and
    /// the old token opens nothing but a form loaded before, for a couple of minutes.
    public func rotate(token: String?, visitorID: String, userID: String?, lifetime: Duration? = nil) async throws -> (
        token: String, record: SessionRecord
    ) {
        let lifetime = lifetime ?? self.lifetime
        let merges = signInMerges
        return try await database.write { [now] db in
            let date = now()
            var previousCSRFToken: String?
            if let token {
                let hash = Self.hash(token)
                previousCSRFToken = try String.fetchOne(db, sql: "SELECT csrfToken FROM sessions WHERE tokenHash = ?", arguments: [hash])
                let graceEnd = date.timeIntervalSince1970 + Self.replacedSessionGrace
                try db.execute(
                    sql: "UPDATE sessions SET replacedAt = ?, expiresAt = MIN(expiresAt, ?) WHERE tokenHash = ?",
                    arguments: [date.timeIntervalSince1970, graceEnd, hash]
                )
            }
            if let userID {
                try SignInCarryOver(merges: merges).move(
                    from: RecordOwner.visitor(visitorID).key, to: RecordOwner.user(userID).key, in: db, at: date)
            }
            return try Self.insert(
                db, visitorID: visitorID, userID: userID, previousCSRFToken: previousCSRFToken, lifetime: lifetime, at: date)
        }
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
