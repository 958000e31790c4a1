import AtriumSDK

/// Fixture modules for boot order, cycles and route clashes. Each records when it registered.
actor BootRecorder {
    static let shared = BootRecorder()
    private(set) var order: [String] = []
    func record(_ id: String) { order.append(id) }
    func reset() { order = [] }
}

struct EmptyView: SceneView {
    func screen(for state: String, context: ViewContext) -> Screen { Screen(title: state, content: []) }
}

struct EmptyModel: SceneModel {
    func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded("empty") }
}

struct MapsModule: AtriumModule {
    static let manifest = ModuleManifest(id: "maps", title: "Maps", version: "1.0.0", requires: ["places"])
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        await BootRecorder.shared.record("maps")
    }
}

struct PlacesModule: AtriumModule {
    static let manifest = ModuleManifest(id: "places", title: "Places", version: "1.0.0", provides: ["places"])
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        await BootRecorder.shared.record("places")
        registrar.provide(Capability<String>("places"), "places")
        registrar.onShutdown { await BootRecorder.shared.record("places stopped") }
    }
}

struct ChickenModule: AtriumModule {
    static let manifest = ModuleManifest(id: "chicken", title: "Chicken", version: "1.0.0", requires: ["eggs"], provides: ["chickens"])
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(Capability<String>("chickens"), "chickens")
    }
}

struct EggModule: AtriumModule {
    static let manifest = ModuleManifest(id: "egg", title: "Egg", version: "1.0.0", requires: ["chickens"], provides: ["eggs"])
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(Capability<String>("eggs"), "eggs")
    }
}

/// Claims the same URLs as NotesModule's list.
struct ClashModule: AtriumModule {
    static let manifest = ModuleManifest(id: "clash", title: "Clash", version: "1.0.0")
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let scene = registrar.scene("list", title: "Clash", model: { _ in EmptyModel() }, view: EmptyView())
        registrar.get("/notes/items/{number:int}", scene: scene)
    }
}

/// Uses the signed-in guard without anything to sign in with.
struct VaultModule: AtriumModule {
    static let manifest = ModuleManifest(id: "vault", title: "Vault", version: "1.0.0")
    func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let scene = registrar.scene("vault", title: "Vault", model: { _ in EmptyModel() }, view: EmptyView())
        registrar.get("/vault", guard: .signedIn, scene: scene)
    }
}
