import Logging

/// Everything a scene (and the module file building it) may use for one request.
public struct SceneContext: Sendable {
    /// The module whose scene this is.
    public let moduleID: String
    /// The visitor's session: who they are, and whether they are signed in.
    public let session: any VisitorSession
    /// This module's records of the current owner: the signed-in user, else the visitor.
    public let storage: any RecordStore
    /// The host's logger, tagged with the module.
    public let logger: Logger
    /// Where the visitor should go back to afterwards: the request's `returnTo`, when it is a path
    /// on this site. ``ActionOutcome/navigateBack(otherwise:)`` uses it.
    public let returnTo: String?
    /// The address of the client behind the request (the peer, or what trusted proxies say; an IPv6
    /// client's /64), for throttles that must hold whichever sessions or cookies a client uses.
    public let clientAddress: String
    /// The language the visitor reads this page in (a BCP 47 tag such as `es`): the host chose it
    /// (see `Documentation/languages.md`). A screen needs nothing of it: the host puts the
    /// view's words into it. Words that leave the page (a code sent by mail or SMS) do:
    /// ``text(of:)``.
    public let language: String
    /// What the person saw when they made this action: the ``ActionBasis`` its form or button
    /// carried; nil for a page, or an action whose form declared none (or a client that sent none).
    public private(set) var basis: ActionBasis?
    let sessionControl: any SessionControl
    /// The route's parameter texts, as the host read them.
    @_spi(AtriumHost) public let parameterValues: [String: String]
    let host: any SceneHost
    /// Where the module's words in ``language`` come from (nil: as written).
    let words: (any SceneWords)?

    @_spi(AtriumHost)
    public init(
        moduleID: String, parameters: [String: String], returnTo: String?, clientAddress: String, session: any SessionControl,
        storage: any RecordStore, logger: Logger, host: any SceneHost, language: String = Wording.sourceLanguage,
        words: (any SceneWords)? = nil
    ) {
        self.language = language
        self.words = words
        self.moduleID = moduleID
        self.parameterValues = parameters
        self.returnTo = returnTo
        self.clientAddress = clientAddress
        self.session = session
        self.sessionControl = session
        self.storage = storage
        self.logger = logger
        self.host = host
    }

    /// Whether the person made this action on something that has changed since: the action
    /// carried a basis and it is not `current`, the basis of what is true now. An action that
    /// carried none is not outdated (it is applied as it comes).
    public func isOutdated(by current: ActionBasis) -> Bool {
        guard let basis else { return false }
        return basis != current
    }

    /// This context for an action that carried `basis`.
    @_spi(AtriumHost)
    public func carrying(_ basis: ActionBasis?) -> SceneContext {
        var context = self
        context.basis = basis
        return context
    }

    /// The route's parameters: its path segments and query items, already checked against their
    /// types before the scene ran (a value that does not fit is the not-found page).
    public func parameters<Parameters: RouteParameters>(_ type: Parameters.Type) throws -> Parameters {
        try RouteParametersCoding.decode(type, from: parameterValues)
    }

    /// The value another module provides for a capability, if an enabled module provides it.
    public func capability<Value>(_ capability: Capability<Value>) -> Value? {
        host.capability(capability)
    }

    /// Whether one of this module's feature flags is on for this visitor, as the operator set it
    /// under `flags:` (else its default). A share of visitors is stable per signed-in user, else per
    /// visitor; a list of users is on only for those signed in with one of its emails. A flag the
    /// manifest does not declare is its default, and logged.
    public func isOn(_ flag: FeatureFlag) async throws -> Bool {
        try await host.isOn(flag, in: self)
    }

    /// `wording` in the visitor's language, with its parts written as that language writes them,
    /// exactly as a page would show it: for words that leave the page, such as the message a
    /// gateway sends with a one-time code. (In a view, return the wording itself: the host
    /// translates the screen.)
    public func text(of wording: Wording) -> String {
        words?.text(of: wording, module: moduleID, language: language) ?? wording.text
    }

    /// The signed-in user, when a module provides ``CapabilityName/currentUser``.
    public func currentUser() async throws -> SignedInUser? {
        guard let userID = try await session.userID, let users = capability(.currentUser) else { return nil }
        return try await users.user(withID: userID)
    }
}

/// Where a scene's context finds a module's words in a language (the host's translations).
@_spi(AtriumHost)
public protocol SceneWords: Sendable {
    func text(of wording: Wording, module: String, language: String) -> String
}

/// What the host answers a scene's context: capabilities and feature flags.
@_spi(AtriumHost)
public protocol SceneHost: Sendable {
    func capability<Value>(_ capability: Capability<Value>) -> Value?
    func isOn(_ flag: FeatureFlag, in context: SceneContext) async throws -> Bool
}
