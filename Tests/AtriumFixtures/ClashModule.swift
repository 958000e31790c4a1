import AtriumSDK

/// Claims the same URLs as NotesModule's items.
struct ClashModule: AtriumModule {
    struct Number: RouteParameters { var number: Int }

    static let manifest = ModuleManifest(id: "clash", title: "Clash", version: "1.0.0")
    /// Claims the Notes fixture's item addresses.
    struct ListScene: Scene {
        static let id = "list"
        static let title: Wording = "Clash"
        static let page = Route.page("/notes/items/{number:int}", parameters: Number.self)
        static var routes: [SceneRoute<Self>] { [.page(page)] }
        var view: EmptyView { EmptyView() }
        func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded("empty") }
    }

    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.scene(ListScene.self) { _ in ListScene() }
    }
}
