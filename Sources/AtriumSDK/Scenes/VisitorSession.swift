/// The server-side session of the person behind a request.
///
/// A visitor gets an anonymous session on first need (the first time ``visitorID()`` is asked);
/// signing in keeps the visitor id but gives the session a new id, so an id seen before sign-in
/// opens nothing afterwards.
public protocol VisitorSession: Sendable {
    /// A stable id for this visitor, creating the anonymous session if there is none yet.
    func visitorID() async throws -> String
    /// The id of the signed-in user, or nil.
    var userID: String? { get async }
    /// Marks the session as signed in as `userID` and rotates the session id. The session then
    /// lasts `lifetime` after each use (sliding expiry), across host restarts.
    func signIn(userID: String, lifetime: Duration) async throws
    /// Revokes the session on the server; the old cookie opens nothing afterwards.
    func signOut() async throws
}
