import AtriumObservability
import AtriumSDK
import AtriumServices
import AtriumStorage
import AtriumSupport
import Crypto
import Foundation

/// Server-side sessions in the host's database. The cookie carries a random token; the database
/// keeps only its SHA-256 hash, so a copy of the database opens no session.
package final class SessionStore: Sendable {
    /// A live session found by its token.
    package struct Found: Sendable, Equatable {
        package var record: SessionRecord
        /// True when this use slid the expiry forward (the cookie's lifetime is then renewed too).
        package var isExtended: Bool
    }

    let table: any SessionTable
    /// Sessions as last read; the tables' writes make it forget through the change feed.
    let cache: SessionCache?
    /// Signs anonymous visitors' cookies, which need no row.
    let pass: VisitorPass
    /// How long an anonymous visitor is remembered after their last use (and their records kept);
    /// signing in sets the session's own lifetime.
    package let lifetime: Duration
    /// What anonymous visitors may keep, and how many are remembered.
    package let visitorLimits: VisitorLimits
    /// The module that may sign visitors in and out: the one that provides the current user.
    let sessionManager: String?
    /// How each module's records saved before sign-in join the account's: module → collection → merge.
    let signInMerges: [String: [String: SignInMerge]]
    package let now: @Sendable () -> Date
    /// Told of every session row written (for `/metrics`).
    let onCreate: @Sendable () -> Void

    /// How long a session replaced at sign-in still accepts a form loaded before (a double click).
    static let replacedSessionGrace: Double = 120

    /// How long a session, or a visitor's pass, lasts unused.
    package static let defaultLifetime = Duration.seconds(30 * 24 * 3600)

    package init(
        storage: any HostStorage,
        hostKey: HostKey,
        lifetime: Duration = SessionStore.defaultLifetime,
        signInMerges: [String: [String: SignInMerge]] = [:],
        visitorLimits: VisitorLimits = VisitorLimits(),
        sessionManager: String? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        onCreate: @escaping @Sendable () -> Void = {}
    ) throws(HostKey.Unavailable) {
        self.table = storage.sessionTable
        self.cache = storage.sessionCache
        self.pass = try VisitorPass(hostKey: hostKey)
        self.lifetime = lifetime
        self.signInMerges = signInMerges
        self.visitorLimits = visitorLimits
        self.sessionManager = sessionManager
        self.now = now
        self.onCreate = onCreate
    }

    static func randomToken() -> String { SystemRandom().token(bytes: 32) }

    /// The hashes of tokens seen lately: a browser sends its token with every request, and hashing
    /// it each time was 1 % of a signed-in page. Up to 4,096 tokens of the length the host issues
    /// are kept, then the memo starts again; anything longer is hashed each time.
    private static let recentHashes = RecentValues<String>(limit: memoizedTokens, longestKey: 64)
    static let memoizedTokens = 4096
    static var memoizedCount: Int { recentHashes.count }

    /// `hash(token)`, from the memo when the token was seen lately.
    static func memoizedHash(_ token: String) -> String { recentHashes.value(of: token, make: hash) }

    package static func hash(_ token: String) -> String {
        var token = token
        let digest = token.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return digest.withUnsafeBytes { HexDigits.string(of: $0, count: SHA256.byteCount) }
    }

    /// How far the expiry must have fallen behind before a use slides it (and renews the cookie):
    /// a tenth of the lifetime, at most a day, so an active session is written about once a day.
    static func slideThreshold(for lifetime: Double) -> Double { min(86_400, lifetime / 10) }

    /// Creates a session and returns its token (for the cookie) and record.
    package func create(
        visitorID: String? = nil,
        userID: String? = nil,
        lifetime: Duration? = nil
    ) async throws -> (token: String, record: SessionRecord) {
        let date = now()
        let (token, hash, record) = Self.make(
            visitorID: visitorID ?? VisitorPass.newVisitorID(), userID: userID, previousCSRFToken: nil, lifetime: lifetime ?? self.lifetime, at: date)
        try await table.insert(record, hash: hash, createdAt: date.timeIntervalSince1970)
        onCreate()
        return (token, record)
    }

    private static func make(
        visitorID: String,
        userID: String?,
        previousCSRFToken: String?,
        lifetime: Duration,
        at date: Date
    ) -> (token: String, hash: String, record: SessionRecord) {
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
        return (token, hash(token), record)
    }

    /// The live session for a token, its expiry slid forward when it has fallen behind; nil when
    /// unknown or expired.
    package func find(token: String) async throws -> Found? {
        let hash = Self.memoizedHash(token)
        let current = now().timeIntervalSince1970
        var record: SessionRecord
        if let cached = cache?.session(for: hash) {
            guard cached.expiresAt > current else { return nil }
            record = cached
        } else {
            let generation = cache?.generation ?? 0
            guard let stored = try await table.session(hash: hash, liveAt: current) else { return nil }
            cache?.keep(stored, for: hash, readAt: generation)
            record = stored
        }
        let slid = current + record.lifetime
        guard !record.isReplaced, slid - record.expiresAt > Self.slideThreshold(for: record.lifetime) else {
            return Found(record: record, isExtended: false)
        }
        record.expiresAt = slid
        try await table.slide(hash: hash, to: slid)
        return Found(record: record, isExtended: true)
    }

    /// Replaces a session by a new one for the same visitor, signed in as `userID`, in one
    /// transaction: what the visitor saved moves to the account (merged by each module's rule), and
    /// the old token opens nothing but a form loaded before, for a couple of minutes. `previous` is
    /// the form token of an anonymous visitor, whose pass has no row.
    package func rotate(token: String?, previous: String? = nil, visitorID: String, userID: String?, lifetime: Duration? = nil) async throws -> (
        token: String, record: SessionRecord
    ) {
        let lifetime = lifetime ?? self.lifetime
        let date = now()
        let carryOver = userID.map {
            SignInCarryOver(
                merges: signInMerges, visitor: RecordOwner.visitor(visitorID).key, user: RecordOwner.user($0).key, visitorID: visitorID)
        }
        let session = Self.make(visitorID: visitorID, userID: userID, previousCSRFToken: nil, lifetime: lifetime, at: date)
        let stored = try await table.replace(
            SessionReplacement(
                hash: token.map(Self.hash), previous: previous, graceEnd: date.timeIntervalSince1970 + Self.replacedSessionGrace,
                carryOver: carryOver, date: date, record: session.record, newHash: session.hash))
        onCreate()
        return (session.token, stored)
    }

    package func revoke(token: String) async throws {
        try await table.delete(hash: Self.hash(token))
    }

    /// Deletes expired sessions, and anonymous visitors not seen for their lifetime with what they
    /// saved; returns how many sessions and visitors.
    @discardableResult
    package func purgeExpired() async throws -> Int {
        try await table.purgeExpired(at: now().timeIntervalSince1970)
    }

    /// Remembers an anonymous visitor who saved something, for the lifetime from now: the periodic
    /// purge deletes what they saved once they have not come back for that long. Past
    /// `visitorLimits.maxVisitors`, the visitors not seen for longest are forgotten at once, with
    /// what they saved.
    package func keepVisitor(_ visitorID: String) async throws {
        _ = try await table.keepVisitor(
            visitorID, until: now().timeIntervalSince1970 + Double(lifetime.components.seconds), atMost: visitorLimits.maxVisitors)
    }
}
