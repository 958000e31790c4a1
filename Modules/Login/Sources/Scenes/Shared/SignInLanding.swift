import AtriumSDK

/// How every way of signing in ends (password today; one-time code and single sign-on later): the
/// session is signed in as the account, with a new id and the configured lifetime, and the user
/// lands on the page that asked for it, else on the home route.
struct SignInLanding: Sendable {
    let sessions: UserSessions
    let sessionLifetime: Duration
    let home: RouteName

    func land<State>(_ account: Account, context: SceneContext) async throws -> ActionOutcome<State> {
        try await signIn(account, context: context)
        return .navigateBack(otherwise: .named(home))
    }

    /// Signs the session in as `account` without choosing the next page (a code sign-in shows the
    /// reward first).
    func signIn(_ account: Account, context: SceneContext) async throws {
        try await sessions.signIn(userID: account.id, lifetime: sessionLifetime, in: context)
    }

    func signOut<State>(context: SceneContext, then page: LinkTarget) async throws -> ActionOutcome<State> {
        try await sessions.signOut(in: context)
        return .navigate(page)
    }
}
