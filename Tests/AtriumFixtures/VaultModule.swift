import AtriumSDK

/// Uses the signed-in guard without anything to sign in with.
struct VaultModule: AtriumModule {
    static let manifest = ModuleManifest(id: "vault", title: "Vault", version: "1.0.0")
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let page = registrar.page("/vault", guard: .signedIn)
        registrar.scene("vault", title: "Vault", model: { _ in EmptyModel() }, view: EmptyView(), routes: [.page(page)])
    }
}
