import AtriumSDK

/// A fixture stand-in for Login: provides "current user" and binds "sign-in". Signing in takes
/// any name; the user id is the name.
struct AccountsModule: AtriumModule {
    static let manifest = ModuleManifest(
        id: "accounts",
        title: "Accounts",
        version: "0.1.0",
        provides: [.currentUser],
        binds: [.signIn, "sign-out"]
    )

    struct Users: CurrentUserProvider {
        func user(withID id: String) async throws -> SignedInUser? {
            id == "ghost" ? nil : SignedInUser(id: id, name: id.capitalized, email: "\(id)@example.com")
        }
    }

    struct SignInModel: SceneModel {
        enum Action: Sendable {
            case signIn(SignIn)
            case signOut
        }

        struct SignIn: Decodable, Sendable {
            var name: String
        }

        let sessions: UserSessions
        let page: LinkTarget

        func load(_ context: SceneContext) async throws -> SceneState<String?> {
            .loaded(context.returnTo)
        }

        func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<String?> {
            switch action {
            case .signIn(let fields):
                try await sessions.signIn(userID: fields.name, lifetime: .seconds(3600), in: context)
                return .navigateBack(otherwise: .path("/"))
            case .signOut:
                try await sessions.signOut(in: context)
                return .navigate(page)
            }
        }
    }

    struct SignInView: SceneView {
        let submit: Route<NoParameters>

        func screen(for returnTo: String?) -> Screen {
            Screen(
                title: "Sign in",
                content: [
                    .form(
                        Form(
                            action: submit(returnTo: returnTo.map(LinkTarget.path)),
                            content: [.field(Field(name: "name", label: "Name")), .button(Button("Sign in"))]
                        )
                    )
                ]
            )
        }
    }

    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(.currentUser, Users())
        let sessions = try registrar.userSessions()
        let page = registrar.page("/accounts/sign-in", name: .signIn)
        let signIn = registrar.action("/accounts/sign-in", formTokens: .includingReplacedSession)
        let signOut = registrar.action("/accounts/sign-out", name: "sign-out")
        registrar.scene(
            "sign-in", title: "Sign in", model: { _ in SignInModel(sessions: sessions, page: page()) }, view: SignInView(submit: signIn),
            routes: [.page(page), .action(signIn, SignInModel.Action.signIn), .action(signOut, .signOut)])
    }
}
