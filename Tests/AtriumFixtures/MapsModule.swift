import AtriumSDK

struct MapsModule: AtriumModule {
    static let manifest = ModuleManifest(id: "maps", title: "Maps", version: "1.0.0", requires: ["places"])
    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        await BootRecorder.shared.record("maps")
    }
}
