import AtriumSDK

/// Sign in with email and password; then back to the return-to page or the home route.
struct SignInModel: SceneModel {
    struct State: Sendable, Equatable {
        var email = ""
        var error: String?
        var returnTo: String?
    }

    struct Submit: Decodable, Sendable {
        var email: String?
        var password: String?
    }

    let accounts: Accounts
    let landing: SignInLanding

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        .loaded(State(returnTo: LocalPath.validated(context.query["returnTo"])))
    }

    func signIn(_ submit: Submit, context: SceneContext) async throws -> ActionOutcome<State> {
        let returnTo = LocalPath.validated(context.query["returnTo"])
        switch try await accounts.signIn(email: submit.email ?? "", password: submit.password ?? "") {
        case .success(let account):
            context.logger.info("signed in")
            return try await landing.land(account, context: context)
        case .failure(let error):
            context.logger.notice("sign-in refused", metadata: ["reason": "\(error == .incorrectCredentials ? "credentials" : "locked out")"])
            let status = if case .lockedOut = error { SceneStatus(code: 429) } else { SceneStatus(code: 401) }
            return .render(.loaded(State(email: submit.email ?? "", error: error.description, returnTo: returnTo)), status: status)
        }
    }

    func signOut(context: SceneContext) async throws -> ActionOutcome<State> {
        try await context.session.signOut()
        return .navigate(.route(.signIn))
    }
}
