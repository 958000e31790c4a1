import AtriumSDK
import Logging

extension SceneContext {
    /// A scene context for testing a view model without HTTP: in-memory storage and a test session.
    public static func testing(
        moduleID: String = "test",
        parameters: [String: String] = [:],
        query: [String: String] = [:],
        session: any VisitorSession = TestVisitorSession(),
        storage: any RecordStore = InMemoryRecordStore(),
        sharedStorage: any RecordStore = InMemoryRecordStore(),
        services: TestSceneServices = TestSceneServices()
    ) -> SceneContext {
        SceneContext(
            moduleID: moduleID,
            parameters: RouteParameters(parameters),
            query: query,
            session: session,
            storage: storage,
            sharedStorage: sharedStorage,
            logger: Logger(label: "test"),
            services: services
        )
    }
}
