/// Signs visitors in and out: held only by the module that provides ``CapabilityName/currentUser``
/// (``ModuleRegistrar/userSessions()`` refuses every other module), so no other module can make a
/// visitor someone else.
public struct UserSessions: Sendable {
    let moduleID: String

    @_spi(AtriumHost)
    public init(moduleID: String) { self.moduleID = moduleID }

    /// Signs the visitor of `context` in as `userID`: a new session id (so an id seen before opens
    /// nothing), what the visitor saved moves to the account, and the session lasts `lifetime`
    /// after each use.
    public func signIn(userID: String, lifetime: Duration, in context: SceneContext) async throws {
        try await context.sessionControl.signIn(userID: userID, lifetime: lifetime, by: moduleID)
    }

    /// Signs the visitor of `context` out, revoking the session on the server.
    public func signOut(in context: SceneContext) async throws {
        try await context.sessionControl.signOut(by: moduleID)
    }
}
