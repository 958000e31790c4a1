import AtriumSDK

struct EggModule: AtriumModule {
    static let manifest = ModuleManifest(id: "egg", title: "Egg", version: "1.0.0", requires: ["chickens"], provides: ["eggs"])
    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(Capability<String>("eggs"), "eggs")
    }
}
