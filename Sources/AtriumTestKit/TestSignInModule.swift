import AtriumSDK

/// A stand-in for a sign-in module in a module's tests: it provides "current user" (any user id
/// is a user, named after it) and binds "sign-in", so a module's signed-in guard and what happens
/// at sign-in can be tested without the Login module. Enable it as `test-sign-in`.
///
/// ```swift
/// let host = try await TestHost.boot(modules: [PilotModule.self, TestSignInModule.self], configuration: "modules: [pilot, test-sign-in]")
/// try await host.run { browser in
///     try await browser.signIn(as: "ada")
/// }
/// ```
public struct TestSignInModule: AtriumModule {
    struct Users: CurrentUserProvider {
        func user(withID id: String) async throws -> SignedInUser? {
            SignedInUser(id: id, name: id.capitalized, email: "\(id)@example.com")
        }
    }

    struct Model: SceneModel {
        struct SignIn: Decodable, Sendable { var user: String }

        func load(_ context: SceneContext) async throws -> SceneState<String?> {
            .loaded(await context.session.userID)
        }
    }

    struct View: SceneView {
        func screen(for user: String?, context: ViewContext) -> Screen {
            Screen(
                title: "Test sign-in",
                content: [
                    .text(Text(user.map { "Signed in as \($0)" } ?? "Not signed in")),
                    .form(Form(action: .path("/test-sign-in"), content: [.field(Field(name: "user", label: "User")), .button(Button("Sign in"))])),
                    .button(Button("Sign out", action: .path("/test-sign-out"))),
                ]
            )
        }
    }

    public static let manifest = ModuleManifest(
        id: "test-sign-in", title: "Test sign-in", version: "1.0.0", provides: [.currentUser], binds: [.signIn])

    public init() {}

    public func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(.currentUser, Users())
        let scene = registrar.scene("sign-in", title: "Test sign-in", model: { _ in Model() }, view: View())
        registrar.get("/test-sign-in", name: .signIn, scene: scene)
        registrar.post("/test-sign-in", scene: scene, action: Model.SignIn.self) { _, action, context in
            try await context.session.signIn(userID: action.user, lifetime: .seconds(3600))
            return .navigate(.path("/test-sign-in"))
        }
        registrar.post("/test-sign-out", scene: scene, action: EmptyAction.self) { _, _, context in
            try await context.session.signOut()
            return .navigate(.path("/test-sign-in"))
        }
    }
}

extension TestBrowser {
    /// Signs in as `user` through ``TestSignInModule``.
    public func signIn(as user: String) async throws {
        _ = try await get("/test-sign-in")
        let page = try await post("/test-sign-in", form: ["user": user])
        guard page.status == 303 else { throw TestSignInError(status: page.status) }
    }

    /// Signs out through ``TestSignInModule``.
    public func signOut() async throws {
        _ = try await get("/test-sign-in")
        _ = try await post("/test-sign-out", form: [:])
    }
}

/// Signing in through ``TestSignInModule`` did not redirect (is the module enabled?).
public struct TestSignInError: Error, CustomStringConvertible {
    public var status: Int
    public var description: String { "signing in answered \(status); enable test-sign-in in the configuration" }
}
