import AtriumSDK

/// A fixture stand-in for Login: provides "current user" and binds "sign-in". Signing in takes
/// any name; the user id is the name.
struct AccountsModule: AtriumModule {
    static let manifest = ModuleManifest(
        id: "accounts",
        title: "Accounts",
        version: "0.1.0",
        provides: [.currentUser],
        binds: [.signIn]
    )

    struct Users: CurrentUserProvider {
        func user(withID id: String) async throws -> SignedInUser? {
            id == "ghost" ? nil : SignedInUser(id: id, name: id.capitalized, email: "\(id)@example.com")
        }
    }

    struct SignInModel: SceneModel {
        func load(_ context: SceneContext) async throws -> SceneState<String> {
            .loaded(LocalPath.validated(context.query["returnTo"]) ?? "")
        }
    }

    struct SignIn: Decodable, Sendable {
        var name: String
        var returnTo: String?
    }

    struct SignInView: SceneView {
        func screen(for returnTo: String, context: ViewContext) -> Screen {
            Screen(
                title: "Sign in",
                content: [
                    .form(
                        Form(
                            action: .route(.signIn),
                            content: [
                                .field(Field(name: "name", label: "Name")),
                                .field(Field(name: "returnTo", label: "Return to", value: returnTo)),
                                .button(Button("Sign in")),
                            ]
                        )
                    )
                ]
            )
        }
    }

    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(.currentUser, Users())
        let signIn = registrar.scene("sign-in", title: "Sign in", model: { _ in SignInModel() }, view: SignInView())
        registrar.get("/accounts/sign-in", name: .signIn, scene: signIn)
        registrar.post("/accounts/sign-in", formTokens: .includingReplacedSession, scene: signIn, action: SignIn.self) { _, action, context in
            try await context.session.signIn(userID: action.name, lifetime: .seconds(3600))
            return .navigate(.path(LocalPath.validated(action.returnTo) ?? "/"))
        }
        registrar.post("/accounts/sign-out", name: "sign-out", scene: signIn, action: EmptyAction.self) { _, _, context in
            try await context.session.signOut()
            return .navigate(.route(.signIn))
        }
    }
}
