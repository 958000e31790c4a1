import AtriumSDK

/// Claims the same URLs as NotesModule's items.
struct ClashModule: AtriumModule {
    struct Number: RouteParameters { var number: Int }

    static let manifest = ModuleManifest(id: "clash", title: "Clash", version: "1.0.0")
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let page = registrar.page("/notes/items/{number:int}", parameters: Number.self)
        registrar.scene("list", title: "Clash", model: { _ in EmptyModel() }, view: EmptyView(), routes: [.page(page)])
    }
}
