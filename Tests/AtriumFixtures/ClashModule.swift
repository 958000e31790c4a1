import AtriumSDK

/// Claims the same URLs as NotesModule's list.
struct ClashModule: AtriumModule {
    static let manifest = ModuleManifest(id: "clash", title: "Clash", version: "1.0.0")
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let scene = registrar.scene("list", title: "Clash", model: { _ in EmptyModel() }, view: EmptyView())
        registrar.get("/notes/items/{number:int}", scene: scene)
    }
}
