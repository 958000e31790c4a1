import AtriumHost
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Logging

extension SceneContext {
    /// A scene context for testing a scene without HTTP. What the test does not give, the scene may
    /// not use: a scene that reads `context.storage` when no `storage` was given, or asks for a
    /// capability not in `capabilities` (give `nil` for "no module provides it"), fails the test
    /// naming it. `parameters` are the route's parameter texts, as the host would have read them;
    /// `flags` are feature flags by name (the others are their defaults). The visitor reads
    /// `language`; with `words`, `context.text(of:)` gives that module's words in it (else
    /// as written).
    public static func testing(
        moduleID: String = "test",
        parameters: [String: String] = [:],
        returnTo: String? = nil,
        clientAddress: String = "192.0.2.1",
        session: TestVisitorSession = TestVisitorSession(),
        storage: (any RecordStore)? = nil,
        capabilities: [CapabilityName: (any Sendable)?] = [:],
        flags: [String: Bool] = [:],
        language: String = Wording.sourceLanguage,
        words module: (any AtriumModule.Type)? = nil
    ) -> SceneContext {
        SceneContext(
            moduleID: moduleID, parameters: parameters, returnTo: returnTo, clientAddress: clientAddress,
            session: TestSessionControl(session: session), storage: storage ?? UnstubbedRecordStore(), logger: Logger(label: "test"),
            host: TestSceneHost(capabilities: capabilities, flags: flags), language: language,
            words: module.map { TestSceneWords(module: $0, language: language) })
    }
}

extension UserSessions {
    /// Sign-in for scene tests: it signs the ``TestVisitorSession`` of the context in and out.
    public static func testing(moduleID: String = "test") -> UserSessions { UserSessions(moduleID: moduleID) }
}

extension HostRegistrar {
    /// A registrar for tests of a module's registration, without booting a host.
    package static func testing(_ manifest: ModuleManifest, services: TestServices = TestServices()) -> HostRegistrar {
        HostRegistrar(manifest: manifest, logger: Logger(label: "test"), services: services.services, sharedRecords: InMemoryRecordStore())
    }
}
