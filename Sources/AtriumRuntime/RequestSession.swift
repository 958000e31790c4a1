import AtriumObservability
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import Synchronization
import Tracing

/// The session of one request: read from the cookie when first needed, rotated at sign-in, revoked
/// at sign-out. An anonymous visitor's session is a signed pass the browser keeps (``VisitorPass``),
/// so visiting writes nothing; a signed-in session is a row. Remembers the cookie to send back.
///
/// A class guarding its state with a lock rather than an actor: a page asks it several things, and
/// each question to an actor is a hop between executors. Nothing is awaited while the lock is held.
package final class RequestSession: SessionControl {
    package enum CookieChange: Equatable {
        case set(token: String, maxAge: Int)
        case clear
    }

    /// What the anti-forgery check found.
    package enum TokenCheck: Equatable {
        case accepted
        /// The token belongs to the session the visitor had before signing in or out in another
        /// tab, and the route accepts only the current one.
        case fromReplacedSession
        case refused
    }

    private struct State {
        var token: String?
        var record: SessionRecord?
        /// True when the session is an anonymous visitor's pass (no row).
        var isPass = false
        var isLoaded = false
        var visitorKept = false
        /// True when this request gave the visitor their pass: they cannot have saved anything before.
        var isNewVisitor = false
        var cookieChange: CookieChange?
        /// Whether the request ended a session: a sign-out, or a cookie whose session is gone.
        var endedSession = false
        /// The user this request signed in, if it did.
        var signedIn: String?
    }

    /// What reading the cookie found, applied to the state at once.
    private struct Loaded {
        var token: String?
        var record: SessionRecord?
        var isPass: Bool
        var cookieChange: CookieChange?
    }

    private let store: SessionStore
    private let state: Mutex<State>
    /// The token the request's cookie carried (the session may be given another as it is read).
    package let cookieToken: String?

    package init(store: SessionStore, token: String?) {
        self.store = store
        self.cookieToken = token
        self.state = Mutex(State(token: token))
    }

    /// Forgets what was read of the session (not its token), so the next question reads it again: a
    /// live page's group renders again and again with one session, which may have changed meanwhile.
    package func forgetRead() {
        state.withLock { state in state = State(token: state.token) }
    }

    private var passLifetime: Double { Double(store.lifetime.components.seconds) }

    package var cookieChange: CookieChange? { state.withLock { $0.cookieChange } }

    /// Whether this request ended a session (a sign-out, or a cookie whose session is gone, even
    /// when the visitor was given a new pass after): what the browser kept for it goes too.
    package var endedSession: Bool { state.withLock { $0.endedSession } }

    /// Whether the session read so far is a signed-in person's (false when nothing read it: then the
    /// page showed nothing of theirs). Asks nothing and notes no read.
    package var isSignedIn: Bool { state.withLock { $0.record?.userID != nil } }

    /// The session as read so far (nil when nothing read it, or there is none). Asks nothing and
    /// notes no read.
    package var readRecord: SessionRecord? { state.withLock { $0.record } }

    /// The session behind the request's cookie, if it is live.
    package func current() async throws -> SessionRecord? {
        // A scene that asks who is visiting shows something of theirs (see LiveScenes).
        RecordReadLog.noteVisitor()
        let (isLoaded, token) = state.withLock { ($0.isLoaded, $0.token) }
        if isLoaded { return state.withLock { $0.record } }
        // The session's lookup is a span of its own (never the token: it is the cookie); untraced,
        // it is called as it is, not as a closure through the tracing's generic function.
        let loaded =
            HostTracing.isOn
            ? try await HostTracing.withSpan("session") { span in
                let loaded = try await load(token)
                span?.attributes["atrium.session"] = loaded.isPass ? "visitor" : loaded.record == nil ? "none" : "stored"
                span?.attributes["atrium.signed_in"] = loaded.record?.userID != nil
                return loaded
            } : try await load(token)
        return state.withLock { state in
            // Another question of the same request may have read it meanwhile: the first answer stands.
            if !state.isLoaded {
                state.isLoaded = true
                state.token = loaded.token
                state.record = loaded.record
                state.isPass = loaded.isPass
                if let change = loaded.cookieChange { state.cookieChange = change }
                if loaded.cookieChange == .clear { state.endedSession = true }
            }
            return state.record
        }
    }

    private func load(_ token: String?) async throws -> Loaded {
        guard let token else { return Loaded(isPass: false) }
        if token.hasPrefix(VisitorPass.prefix), let pass = loadPass(token) { return pass }
        if !token.hasPrefix(VisitorPass.prefix), let found = try await store.find(token: token) {
            // When the server slid the expiry, the browser's cookie must last as long.
            return Loaded(
                token: token, record: found.record, isPass: false,
                cookieChange: found.isExtended ? .set(token: token, maxAge: Int(found.record.lifetime)) : nil)
        }
        // A dead or forged cookie: forget it, and tell the browser to drop it.
        return Loaded(isPass: false, cookieChange: .clear)
    }

    private func loadPass(_ token: String) -> Loaded? {
        let now = store.now()
        guard let (visitorID, issuedAt, isUnderOldKey) = store.pass.verify(token), issuedAt <= now.addingTimeInterval(300),
            now.timeIntervalSince(issuedAt) < passLifetime
        else { return nil }
        // A pass signed under a key being retired is issued again under the new one (below), so
        // the old key can go without anyone losing what they saved.
        guard isUnderOldKey || now.timeIntervalSince(issuedAt) > SessionStore.slideThreshold(for: passLifetime) else {
            return Loaded(token: token, record: passRecord(visitorID: visitorID, issuedAt: issuedAt), isPass: true)
        }
        // A returning visitor: the pass is issued again (at most about once a day), so it lasts its
        // lifetime from now.
        let renewed = store.pass.issue(visitorID: visitorID, at: now)
        return Loaded(
            token: renewed, record: passRecord(visitorID: visitorID, issuedAt: now), isPass: true,
            cookieChange: .set(token: renewed, maxAge: Int(passLifetime)))
    }

    private func passRecord(visitorID: String, issuedAt: Date) -> SessionRecord {
        SessionRecord(
            visitorID: visitorID, userID: nil, csrfToken: store.pass.formToken(for: visitorID),
            expiresAt: issuedAt.timeIntervalSince1970 + passLifetime, lifetime: passLifetime)
    }

    /// The session, made if there is none yet: an anonymous pass, written nowhere but the cookie. A
    /// session replaced at sign-in a moment ago (a second click sends its cookie) stays as it is: a
    /// new cookie would overwrite the new session's.
    func ensure() async throws -> SessionRecord {
        if let existing = try await current() { return existing }
        let now = store.now()
        return state.withLock { state in
            if let record = state.record { return record }
            let visitorID = VisitorPass.newVisitorID()
            let pass = store.pass.issue(visitorID: visitorID, at: now)
            let created = passRecord(visitorID: visitorID, issuedAt: now)
            state.token = pass
            state.record = created
            state.isPass = true
            state.isNewVisitor = true
            state.cookieChange = .set(token: pass, maxAge: Int(passLifetime))
            return created
        }
    }

    package func visitorID() async throws -> String { try await ensure().visitorID }

    /// The visitor whose records to read, or nil when the visitor got their pass with this request
    /// and has saved nothing since: there is nothing to look up.
    package func visitorIDForReading() async throws -> String? {
        let id = try await visitorID()
        return state.withLock { $0.isNewVisitor && !$0.visitorKept } ? nil : id
    }

    /// The visitor id for storing something: the visitor is remembered from now on (once per
    /// request), so what they save is kept for as long as they keep coming back.
    package func visitorIDForStoring() async throws -> String {
        let id = try await visitorID()
        let first = state.withLock { state in
            defer { state.visitorKept = true }
            return !state.visitorKept
        }
        if first {
            do {
                try await store.keepVisitor(id)
            } catch {
                state.withLock { $0.visitorKept = false }
                throw error
            }
        }
        return id
    }

    package var userID: String? {
        get async throws { try await current()?.userID }
    }

    package func csrfToken() async throws -> String { try await ensure().csrfToken }

    /// Checks the anti-forgery token `candidate` (compared in constant time). Throws when the
    /// session cannot be read.
    package func check(csrfToken candidate: String?, policy: FormTokenPolicy) async throws -> TokenCheck {
        guard let candidate, let session = try await current() else { return .refused }
        let current = !session.isReplaced && Self.equal(candidate, session.csrfToken)
        let earlier =
            (session.isReplaced && Self.equal(candidate, session.csrfToken))
            || (!session.isReplaced && session.previousCSRFToken.map { Self.equal(candidate, $0) } == true)
        if current { return .accepted }
        if earlier { return policy == .includingReplacedSession ? .accepted : .fromReplacedSession }
        // A visitor's form shown before the host's newest key was added carries an older key's token.
        if state.withLock({ $0.isPass }), store.pass.olderFormTokens(for: session.visitorID).contains(where: { Self.equal(candidate, $0) }) {
            return .accepted
        }
        return .refused
    }

    private static func equal(_ candidate: String, _ expected: String) -> Bool {
        let a = Array(candidate.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Why a sign-in or sign-out was refused: the module asking is not the one the host lets
    /// manage sessions.
    struct NotGranted: Error, CustomStringConvertible {
        var module: String
        var description: String { "module '\(module)' may not sign visitors in or out" }
    }

    private func checkGrant(_ module: String) throws {
        guard module == store.sessionManager else { throw NotGranted(module: module) }
    }

    package func signIn(userID: String, lifetime: Duration, by module: String) async throws {
        try checkGrant(module)
        let current = try await current()
        let (token, isPass) = state.withLock { ($0.token, $0.isPass) }
        let visitor = current?.visitorID ?? VisitorPass.newVisitorID()
        // A pass has no row to replace: its form token is remembered by the new session.
        let (newToken, rotated) = try await store.rotate(
            token: isPass ? nil : token, previous: isPass ? current?.csrfToken : nil, visitorID: visitor, userID: userID, lifetime: lifetime)
        state.withLock { state in
            state.token = newToken
            state.record = rotated
            state.isPass = false
            state.isLoaded = true
            state.cookieChange = .set(token: newToken, maxAge: Int(rotated.lifetime))
            state.signedIn = userID
        }
    }

    /// The user this request signed in (nil when it signed nobody in, or signed out after): what
    /// the host applies at sign-in (the account's language) keys on it.
    package var userSignedInNow: String? { state.withLock { $0.signedIn } }

    package func signOut(by module: String) async throws {
        try checkGrant(module)
        let (token, isPass) = state.withLock { ($0.token, $0.isPass) }
        if let token, !isPass { try await store.revoke(token: token) }
        state.withLock { state in
            state.token = nil
            state.record = nil
            state.isPass = false
            state.isLoaded = true
            state.cookieChange = .clear
            state.endedSession = true
            state.signedIn = nil
        }
    }
}
