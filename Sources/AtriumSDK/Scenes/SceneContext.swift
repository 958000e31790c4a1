import Logging

/// Everything a scene's view model and actions may use for one request.
public struct SceneContext: Sendable {
    public let moduleID: String
    public let session: any VisitorSession
    /// This module's records of the current owner: the signed-in user, else the visitor.
    public let storage: any RecordStore
    public let logger: Logger
    /// Where the visitor should go back to afterwards: the request's `returnTo`, when it is a path
    /// on this site. ``ActionOutcome/navigateBack(otherwise:)`` uses it.
    public let returnTo: String?
    /// The address of the client behind the request (the peer, or what trusted proxies say), for
    /// throttles that must hold whichever sessions or cookies a client uses.
    public let clientAddress: String
    let sessionControl: any SessionControl
    let parameterValues: [String: String]
    let services: any SceneServices

    @_spi(AtriumHost)
    public init(
        moduleID: String,
        parameters: [String: String],
        returnTo: String?,
        clientAddress: String,
        session: any SessionControl,
        storage: any RecordStore,
        logger: Logger,
        services: any SceneServices
    ) {
        self.moduleID = moduleID
        self.parameterValues = parameters
        self.returnTo = returnTo
        self.clientAddress = clientAddress
        self.session = session
        self.sessionControl = session
        self.storage = storage
        self.logger = logger
        self.services = services
    }

    /// The route's parameters: its path segments and query items, already checked against their
    /// types before the scene ran (a value that does not fit is the not-found page).
    public func parameters<Parameters: RouteParameters>(_ type: Parameters.Type) throws -> Parameters {
        try RouteParametersCoding.decode(type, from: parameterValues)
    }

    /// Builds a use case from the factory registered for its type (or a test's replacement).
    public func make<UseCase: Sendable>(_ type: UseCase.Type) throws -> UseCase {
        try services.make(type, in: self)
    }

    /// The value another module provides for a capability, if an enabled module provides it.
    public func capability<Value>(_ capability: Capability<Value>) -> Value? {
        services.capability(capability)
    }

    /// Whether one of this module's feature flags is on for this visitor, as the operator set it
    /// under `flags:` (else its default). A share of visitors is stable per signed-in user, else per
    /// visitor; a list of users is on only for those signed in with one of its emails. A flag the
    /// manifest does not declare is its default, and logged.
    public func isOn(_ flag: FeatureFlag) async throws -> Bool {
        switch services.rollout(of: flag.name, module: moduleID) {
        case nil:
            logger.error("feature flag not declared in the manifest", metadata: ["flag": "\(moduleID).\(flag.name)"])
            return flag.defaultValue
        case .on: return true
        case .off: return false
        case .percent(let share) where share <= 0: return false
        case .percent(let share) where share >= 100: return true
        case .percent(let share):
            // Only a share in between needs to know who the visitor is (and gives an anonymous one a pass).
            let id: String
            if let userID = try await session.userID { id = "user:" + userID } else { id = "visitor:" + (try await session.visitorID()) }
            return FlagRollout.bucket(flag: "\(moduleID).\(flag.name)", id: id) < share
        case .users(let emails):
            guard let email = try await currentUser()?.email.lowercased() else { return false }
            return emails.contains(email)
        }
    }

    /// The signed-in user, when a module provides ``CapabilityName/currentUser``.
    public func currentUser() async throws -> SignedInUser? {
        guard let userID = try await session.userID, let users = capability(.currentUser) else { return nil }
        return try await users.user(withID: userID)
    }
}
