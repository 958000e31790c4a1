import AtriumSDK

/// Another module with a guarded page, to show that Login's sign-in serves every module's guard.
struct GuardedProbeModule: AtriumModule {
    struct Shelf: RouteParameters { var shelf: Int }

    struct VaultScene: Scene {
        static let id = "vault"
        static let title: Wording = "Vault"
        static let page = Route.page("/vault/{shelf}", parameters: Shelf.self, guard: .signedIn)
        static var routes: [SceneRoute<Self>] { [.page(page)] }

        var view: View { View() }

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

    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.scene(VaultScene.self) { _ in VaultScene() }
    }
}
