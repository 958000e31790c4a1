@_spi(AtriumHost) import AtriumSDK
import Foundation

/// The session of one request: loaded from the cookie when first needed, created when a visitor
/// first needs one, rotated at sign-in, revoked at sign-out. Remembers the cookie to send back.
actor RequestSession: SessionControl {
    enum CookieChange: Equatable {
        case set(token: String, maxAge: Int)
        case clear
    }

    /// What the anti-forgery check found.
    enum TokenCheck: Equatable {
        case accepted
        /// The token belongs to the session the visitor had before signing in or out in another
        /// tab, and the route accepts only the current one.
        case fromReplacedSession
        case refused
    }

    private let store: SessionStore
    private var token: String?
    private var record: SessionRecord?
    private var isLoaded = false
    private(set) var cookieChange: CookieChange?

    init(store: SessionStore, token: String?) {
        self.store = store
        self.token = token
    }

    /// The session behind the request's cookie, if it is live.
    func current() async throws -> SessionRecord? {
        if !isLoaded {
            isLoaded = true
            if let token {
                let found = try await store.find(token: token)
                record = found?.record
                if let found, found.isExtended {
                    // The server slid the expiry: the browser's cookie must last as long.
                    cookieChange = .set(token: token, maxAge: Int(found.record.lifetime))
                }
            }
            if record == nil, token != nil {
                // A dead or forged cookie: forget it, and tell the browser to drop it.
                token = nil
                cookieChange = .clear
            }
        }
        return record
    }

    /// The session, created if there is none yet. A session replaced at sign-in a moment ago (a
    /// second click sends its cookie) stays as it is: a new cookie would overwrite the new session's.
    func ensure() async throws -> SessionRecord {
        if let existing = try await current() { return existing }
        let (newToken, created) = try await store.create()
        token = newToken
        record = created
        cookieChange = .set(token: newToken, maxAge: Int(created.lifetime))
        return created
    }

    func visitorID() async throws -> String { try await ensure().visitorID }

    var userID: String? {
        get async { try? await current()?.userID }
    }

    func csrfToken() async throws -> String { try await ensure().csrfToken }

    /// Checks the anti-forgery token `candidate` (compared in constant time).
    func check(csrfToken candidate: String?, policy: FormTokenPolicy) async -> TokenCheck {
        guard let candidate, let session = try? await current() else { return .refused }
        let current = !session.isReplaced && Self.equal(candidate, session.csrfToken)
        let earlier =
            (session.isReplaced && Self.equal(candidate, session.csrfToken))
            || (!session.isReplaced && session.previousCSRFToken.map { Self.equal(candidate, $0) } == true)
        if current { return .accepted }
        if earlier { return policy == .includingReplacedSession ? .accepted : .fromReplacedSession }
        return .refused
    }

    private static func equal(_ candidate: String, _ expected: String) -> Bool {
        let a = Array(candidate.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    func signIn(userID: String, lifetime: Duration) async throws {
        let visitor = try await current()?.visitorID ?? UUID().uuidString
        let (newToken, rotated) = try await store.rotate(token: token, visitorID: visitor, userID: userID, lifetime: lifetime)
        token = newToken
        record = rotated
        cookieChange = .set(token: newToken, maxAge: Int(rotated.lifetime))
    }

    func signOut() async throws {
        if let token { try await store.revoke(token: token) }
        token = nil
        record = nil
        isLoaded = true
        cookieChange = .clear
    }
}
