import AtriumSDK

struct PlacesModule: AtriumModule {
    static let manifest = ModuleManifest(id: "places", title: "Places", version: "1.0.0", provides: ["places"])
    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        await BootRecorder.shared.record("places")
        registrar.provide(Capability<String>("places"), "places")
        registrar.onShutdown { await BootRecorder.shared.record("places stopped") }
    }
}
