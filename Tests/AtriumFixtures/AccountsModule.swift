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

    struct SignInScene: Scene {
        enum Action: Sendable {
            case signIn(SignIn)
            case signOut
        }

        struct SignIn: Decodable, Sendable {
            var name: String
        }

        static let id = "sign-in"
        static let title: Wording = "Sign in"
        static let page = Route.page("/accounts/sign-in", name: .signIn)
        static let signIn = Route.action("/accounts/sign-in", formTokens: .includingReplacedSession)
        static let signOut = Route.action("/accounts/sign-out", name: "sign-out")
        static var routes: [SceneRoute<Self>] { [.page(page), .action(signIn, Action.signIn), .action(signOut, .signOut)] }

        let sessions: UserSessions
        var view: SignInView { SignInView() }

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
                return .navigate(Self.page())
            }
        }
    }

    struct SignInView: SceneView {
        func screen(for returnTo: String?) -> Screen {
            Screen(
                title: "Sign in",
                content: [
                    .form(
                        Form(
                            action: SignInScene.signIn(returnTo: returnTo.map(LinkTarget.path)),
                            content: [.field(Field(name: "name", label: "Name")), .button(Button("Sign in"))]
                        )
                    )
                ]
            )
        }
    }

    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(.currentUser, Users())
        let sessions = try registrar.userSessions()
        registrar.scene(SignInScene.self) { _ in SignInScene(sessions: sessions) }
    }
}
