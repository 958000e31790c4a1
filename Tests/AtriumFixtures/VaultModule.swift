import AtriumSDK

/// Uses the signed-in guard without anything to sign in with.
struct VaultModule: AtriumModule {
    struct Pass: Codable, Sendable { var user: String }

    static let manifest = ModuleManifest(id: "vault", title: "Vault", version: "1.0.0")
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let page = registrar.page("/vault", guard: .signedIn)
        registrar.scene("vault", title: "Vault", model: { _ in EmptyModel() }, view: EmptyView(), routes: [.page(page)])
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
