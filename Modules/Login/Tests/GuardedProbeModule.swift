import AtriumSDK

/// Another module with a guarded page, to show that Login's sign-in serves every module's guard.
struct GuardedProbeModule: AtriumModule {
    struct Shelf: RouteParameters { var shelf: Int }

    struct Model: SceneModel {
        func load(_ context: SceneContext) async throws -> SceneState<String> {
            .loaded(try await context.currentUser()?.name ?? "nobody")
        }
    }

    struct View: SceneView {
        func screen(for name: String) -> Screen {
            Screen(title: "Vault", content: [.text(Text("Hello \(name)"))])
        }
    }

    static let manifest = ModuleManifest(id: "vault", title: "Vault", version: "1.0.0", requires: [.currentUser])

    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let shelf = registrar.page("/vault/{shelf}", parameters: Shelf.self, guard: .signedIn)
        registrar.scene("vault", title: "Vault", model: { _ in Model() }, view: View(), routes: [.page(shelf)])
    }
}
