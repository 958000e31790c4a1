import AtriumSDK

/// Uses the signed-in guard without anything to sign in with.
struct VaultModule: AtriumModule {
    struct VaultScene: Scene {
        static let id = "vault"
        static let title: Wording = "Vault"
        static let page = Route.page("/vault", guard: .signedIn)
        static var routes: [SceneRoute<Self>] { [.page(page)] }
        var view: EmptyView { EmptyView() }
        func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded("empty") }
    }

    struct Pass: Codable, Sendable { var user: String }

    static let manifest = ModuleManifest(id: "vault", title: "Vault", version: "1.0.0")
    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.scene(VaultScene.self) { _ in VaultScene() }
        // Checks tokens of the same shape as Echo's, with its own signer.
        let tokens = registrar.services.tokens
        registrar.endpoint(.post, "/vault/token") { request in
            guard let token = request.bearerToken, let pass = try? await tokens.verify(token, as: Pass.self) else {
                return .json(["error": "unauthorized"], status: .unauthorized)
            }
            return .json(["user": pass.user])
        }
    }
}
