import AtriumSDK

/// Sign up with full name, email and password; signed in straight away.
struct SignUpModel: SceneModel {
    struct State: Sendable, Equatable {
        var fullName = ""
        var email = ""
        var errors = SignUpErrors()
        var returnTo: String?
    }

    struct Submit: Decodable, Sendable {
        var fullName: String?
        var email: String?
        var password: String?
    }

    let accounts: Accounts
    let landing: SignInLanding

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        .loaded(State(returnTo: LocalPath.validated(context.query["returnTo"])))
    }

    func signUp(_ submit: Submit, context: SceneContext) async throws -> ActionOutcome<State> {
        let returnTo = LocalPath.validated(context.query["returnTo"])
        switch try await accounts.signUp(fullName: submit.fullName ?? "", email: submit.email ?? "", password: submit.password ?? "") {
        case .success(let account):
            context.logger.info("account created")
            return try await landing.land(account, context: context)
        case .failure(let errors):
            return .invalid(State(fullName: submit.fullName ?? "", email: submit.email ?? "", errors: errors, returnTo: returnTo))
        }
    }
}
