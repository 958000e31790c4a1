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

    struct SignInScene: Scene {
        static let id = "sign-in"
        static let title: Wording = "Test sign-in"
        static let page = Route.page("/test-sign-in", name: .signIn)
        static let signIn = Route.action("/test-sign-in", formTokens: .includingReplacedSession)
        static let signOut = Route.action("/test-sign-out")
        static var routes: [SceneRoute<Self>] { [.page(page), .action(signIn, Action.signIn), .action(signOut, .signOut)] }

        enum Action: Sendable {
            case signIn(SignIn)
            case signOut
        }

        struct SignIn: Decodable, Sendable { var user: String }

        let sessions: UserSessions
        var view: View { View() }

        func load(_ context: SceneContext) async throws -> SceneState<String?> {
            .loaded(try await context.session.userID)
        }

        func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<String?> {
            switch action {
            case .signIn(let fields): try await sessions.signIn(userID: fields.user, lifetime: .seconds(3600), in: context)
            case .signOut: try await sessions.signOut(in: context)
            }
            return .navigateBack(otherwise: .path("/test-sign-in"))
        }
    }

    struct View: SceneView {
        func screen(for user: String?) -> Screen {
            Screen(
                title: "Test sign-in",
                content: [
                    .text(user.map { Text("Signed in as \($0)") } ?? Text("Not signed in")),
                    .form(
                        Form(action: SignInScene.signIn(), content: [.field(Field(name: "user", label: "User")), .button(Button("Sign in"))])),
                    .button(Button("Sign out", action: SignInScene.signOut())),
                ]
            )
        }
    }

    public static let manifest = ModuleManifest(
        id: "test-sign-in", title: "Test sign-in", version: "1.0.0", provides: [.currentUser], binds: [.signIn])

    /// The module; enable it as `test-sign-in`.
    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(.currentUser, Users())
        let sessions = try registrar.userSessions()
        registrar.scene(SignInScene.self) { _ in SignInScene(sessions: sessions) }
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
    /// The status the sign-in answered.
    public var status: Int
    public var description: String { "signing in answered \(status); enable test-sign-in in the configuration" }
}
