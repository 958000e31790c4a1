import AtriumSDK

/// Sign up with full name, email and password; signed in straight away.
struct SignUpModel: SceneModel {
    struct State: Sendable, Hashable {
        var fullName = ""
        var email = ""
        var errors = SignUpErrors()
        var returnTo: String?
    }

    enum Action: Sendable {
        case signUp(Fields)
    }

    struct Fields: Decodable, Sendable {
        var fullName: String?
        var email: String?
        var password: String?
    }

    let accounts: Accounts
    let landing: SignInLanding

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        .loaded(State(returnTo: context.returnTo))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .signUp(let fields):
            switch try await accounts.signUp(fullName: fields.fullName ?? "", email: fields.email ?? "", password: fields.password ?? "") {
            case .success(let account):
                context.logger.info("account created or signed in")
                return try await landing.land(account, context: context)
            case .failure(let errors):
                return .invalid(State(fullName: fields.fullName ?? "", email: fields.email ?? "", errors: errors, returnTo: context.returnTo))
            }
        }
    }
}
