import AtriumSDK

struct ChickenModule: AtriumModule {
    static let manifest = ModuleManifest(id: "chicken", title: "Chicken", version: "1.0.0", requires: ["eggs"], provides: ["chickens"])
    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.provide(Capability<String>("chickens"), "chickens")
    }
}
