@_spi(AtriumHost) import AtriumSDK
import Logging

extension SceneContext {
    /// A scene context for testing a view model without HTTP: in-memory storage and a test session.
    /// `parameters` are the route's parameter texts, as the host would have read them.
    public static func testing(
        moduleID: String = "test",
        parameters: [String: String] = [:],
        returnTo: String? = nil,
        clientAddress: String = "192.0.2.1",
        session: TestVisitorSession = TestVisitorSession(),
        storage: any RecordStore = InMemoryRecordStore(),
        services: TestSceneServices = TestSceneServices()
    ) -> SceneContext {
        SceneContext(
            moduleID: moduleID,
            parameters: parameters,
            returnTo: returnTo,
            clientAddress: clientAddress,
            session: TestSessionControl(session: session),
            storage: storage,
            logger: Logger(label: "test"),
            services: TestSceneServicesAdapter(services: services)
        )
    }
}

extension UserSessions {
    /// Sign-in for view-model tests: it signs the ``TestVisitorSession`` of the context in and out.
    public static func testing(moduleID: String = "test") -> UserSessions { UserSessions(moduleID: moduleID) }
}

extension ModuleRegistrar {
    /// A registrar for view and model tests: declare the routes a view links to, as the module does,
    /// without booting a host.
    public static func testing(_ manifest: ModuleManifest, services: TestServices = TestServices()) -> ModuleRegistrar {
        ModuleRegistrar(manifest: manifest, logger: Logger(label: "test"), services: services.services, sharedRecords: InMemoryRecordStore())
    }
}
