import AtriumSDK

/// How every way of signing in ends (password today; one-time code and single sign-on later): the
/// session is signed in as the account, with a new id and the configured lifetime, and the user
/// lands on the return-to page when it is local, else on the home route.
struct SignInLanding: Sendable {
    let sessionLifetime: Duration
    let home: RouteName

    func land<State>(_ account: Account, context: SceneContext) async throws -> ActionOutcome<State> {
        try await context.session.signIn(userID: account.id, lifetime: sessionLifetime)
        let returnTo = LocalPath.validated(context.query["returnTo"])
        return .navigate(returnTo.map(LinkTarget.path) ?? .route(home))
    }
}
