import Logging

/// Everything a scene's view model and actions may use for one request.
public struct SceneContext: Sendable {
    public let moduleID: String
    public let parameters: RouteParameters
    public let query: [String: String]
    public let session: any VisitorSession
    /// This module's records of the current owner: the signed-in user, else the visitor.
    public let storage: any RecordStore
    /// This module's records shared by every visitor (accounts, caches).
    public let sharedStorage: any RecordStore
    public let logger: Logger
    let services: any SceneServices

    public init(
        moduleID: String,
        parameters: RouteParameters,
        query: [String: String],
        session: any VisitorSession,
        storage: any RecordStore,
        sharedStorage: any RecordStore,
        logger: Logger,
        services: any SceneServices
    ) {
        self.moduleID = moduleID
        self.parameters = parameters
        self.query = query
        self.session = session
        self.storage = storage
        self.sharedStorage = sharedStorage
        self.logger = logger
        self.services = services
    }

    /// Builds a use case from the factory registered for its type (or a test's replacement).
    public func make<UseCase: Sendable>(_ type: UseCase.Type) throws -> UseCase {
        try services.make(type, in: self)
    }

    /// The value another module provides for a capability, if an enabled module provides it.
    public func capability<Value>(_ capability: Capability<Value>) -> Value? {
        services.capability(capability)
    }

    /// The path of a named route, or nil when no enabled module binds it.
    public func path(for route: RouteName, parameters: [String: String] = [:]) -> String? {
        services.path(for: route, parameters: parameters)
    }

    /// The signed-in user, when a module provides ``CapabilityName/currentUser``.
    public func currentUser() async throws -> SignedInUser? {
        guard let userID = await session.userID, let users = capability(.currentUser) else { return nil }
        return try await users.user(withID: userID)
    }
}
