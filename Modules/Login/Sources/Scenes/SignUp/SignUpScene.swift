import AtriumSDK

/// Sign up with full name, email and password; signed in straight away.
struct SignUpScene: Scene {
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

    static let id = "sign-up"
    static let title: Wording = "Sign up"
    static let page = Route.page("/signup", name: "sign-up")
    /// A sign-up form loaded before another tab signed in (or clicked twice) still works.
    static let signUp = Route.action("/signup", formTokens: .includingReplacedSession)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(signUp, Action.signUp)] }

    let accounts: Accounts
    let landing: SignInLanding
    var view: SignUpView { SignUpView() }

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
