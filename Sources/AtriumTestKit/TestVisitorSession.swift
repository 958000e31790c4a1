@_spi(AtriumHost) import AtriumSDK
import Synchronization

/// A session for view-model tests: records sign-in and sign-out (through `UserSessions`) instead
/// of touching cookies.
public final class TestVisitorSession: VisitorSession {
    private let state: Mutex<(visitorID: String, userID: String?, rotations: Int)>

    /// A visitor `visitorID`, signed in as `userID` when given.
    public init(visitorID: String = "test-visitor", userID: String? = nil) {
        state = Mutex((visitorID, userID, 0))
    }

    public func visitorID() async throws -> String { state.withLock { $0.visitorID } }
    public var userID: String? { state.withLock { $0.userID } }
    /// How many times the session id would have changed (once per sign-in).
    public var rotations: Int { state.withLock { $0.rotations } }

    /// Signs the visitor in as `userID`, as the host would (counting the session id's rotation).
    public func signIn(userID: String, lifetime: Duration) async throws {
        state.withLock {
            $0.userID = userID
            $0.rotations += 1
        }
    }

    /// Signs the visitor out.
    public func signOut() async throws { state.withLock { $0.userID = nil } }
}

/// The host's view of ``TestVisitorSession``, through which `UserSessions` signs in and out.
struct TestSessionControl: SessionControl {
    let session: TestVisitorSession

    func visitorID() async throws -> String { try await session.visitorID() }
    var userID: String? { get async { session.userID } }
    func signIn(userID: String, lifetime: Duration, by module: String) async throws {
        try await session.signIn(userID: userID, lifetime: lifetime)
    }
    func signOut(by module: String) async throws { try await session.signOut() }
}
