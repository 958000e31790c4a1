import AtriumConfiguration
@_spi(AtriumHost) import AtriumSDK

/// A route as the host sees it: what `atrium routes` lists and what the router serves.
package struct RouteRegistration: Sendable {
    package let method: HTTPMethodName
    package let pattern: RoutePattern
    package let fields: [RouteField]
    package let name: RouteName?
    package let `guard`: RouteGuard
    /// Which anti-forgery tokens a POST accepts.
    package let formTokens: FormTokenPolicy
    /// The scene it shows or acts on, or nil for a JSON endpoint.
    package let sceneID: String?
    package let moduleID: String
    /// The fields of an action's form or JSON body, or an endpoint's request body (for the OpenAPI
    /// document); nil when it reads none. Worked out when asked, not at boot: only the document
    /// needs it.
    package var body: JSONSchema? { schemas.body() }
    /// An endpoint's successful reply; nil for scenes (their JSON is the UI tree) and endpoints that
    /// declare none. Worked out when asked.
    package var reply: JSONSchema? { schemas.reply() }
    /// The request headers an endpoint's contract requires (for the OpenAPI document).
    package var requiredHeaders: [EndpointContract.Header] { schemas.headers }
    /// What an endpoint's contract requires of its body's text fields (for the OpenAPI document).
    package var textRules: [String: EndpointContract.TextRule] { schemas.textRules }
    let schemas: Schemas
    /// What the route does for a request whose guard passed and whose parameters fit their types.
    package let handler: Handler

    /// Builds a page's scene for `request`'s context, once; the renderer it returns loads and draws
    /// that scene for each later request of the same context. Nil when the scene cannot be built.
    package typealias PagePreparation = @Sendable (SceneRequest) -> (@Sendable (SceneRequest) async -> SceneResponse)?

    /// How to read the body's and the reply's schema from their types.
    struct Schemas: Sendable {
        var body: @Sendable () -> JSONSchema? = { nil }
        var reply: @Sendable () -> JSONSchema? = { nil }
        var headers: [EndpointContract.Header] = []
        var textRules: [String: EndpointContract.TextRule] = [:]

        init(body: @escaping @Sendable () -> JSONSchema? = { nil }, reply: @escaping @Sendable () -> JSONSchema? = { nil }) {
            self.body = body
            self.reply = reply
        }

        /// An endpoint's contract, read with its key style.
        init(_ contract: EndpointContract) {
            let probe =
                switch contract.keys {
                case .asDeclared: SchemaProbe()
                case .pascalCase: SchemaProbe(keyName: { $0.prefix(1).uppercased() + $0.dropFirst() })
                }
            let (body, reply, isAnyObject) = (contract.body, contract.reply, contract.isAnyObject)
            self.body = { body.map { probe.schema(of: $0) } }
            self.reply = { isAnyObject ? .object([]) : reply.map { probe.schema(of: $0) } }
            headers = contract.headers
            textRules = contract.textRules
        }
    }

    package enum Handler: Sendable {
        /// A scene's page or action; for a page, also how to build its scene once for renders that
        /// share one context (a live page's group renders again and again, for the same session).
        case scene(@Sendable (SceneRequest) async -> SceneResponse, preparePage: PagePreparation?)
        case endpoint(@Sendable (EndpointRequest) async -> EndpointReply)
    }
}
