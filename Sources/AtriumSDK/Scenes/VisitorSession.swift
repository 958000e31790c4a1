/// The server-side session of the person behind a request.
///
/// A visitor gets an anonymous session on first need (the first time ``visitorID()`` is asked).
/// Signing in and out belongs to the module that provides ``CapabilityName/currentUser``, through
/// ``UserSessions``.
public protocol VisitorSession: Sendable {
    /// A stable id for this visitor, creating the anonymous session if there is none yet.
    func visitorID() async throws -> String
    /// The id of the signed-in user, or nil. Throws when the session cannot be read (the storage
    /// is down): that is not a signed-out visitor.
    var userID: String? { get async throws }
}

/// What the host's sessions can also do, for ``UserSessions`` only.
@_spi(AtriumHost)
public protocol SessionControl: VisitorSession {
    /// Marks the session as signed in as `userID` and rotates the session id; the session then
    /// lasts `lifetime` after each use. `module` is the module asking: the host refuses any but the
    /// one it lets manage sessions.
    func signIn(userID: String, lifetime: Duration, by module: String) async throws
    /// Revokes the session on the server; the old cookie opens nothing afterwards.
    func signOut(by module: String) async throws
}
