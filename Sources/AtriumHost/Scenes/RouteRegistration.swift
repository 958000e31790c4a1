@_spi(AtriumHost) import AtriumSDK

/// A route as the host sees it: what `atrium routes` lists and what the router serves.
@_spi(AtriumHost)
public struct RouteRegistration: Sendable {
    public let method: HTTPMethodName
    public let pattern: RoutePattern
    public let fields: [RouteField]
    public let name: RouteName?
    public let `guard`: RouteGuard
    /// Which anti-forgery tokens a POST accepts.
    public let formTokens: FormTokenPolicy
    /// The scene it shows or acts on, or nil for a JSON endpoint.
    public let sceneID: String?
    public let moduleID: String
    /// The fields of an action's form or JSON body, or an endpoint's request body (for the OpenAPI
    /// document); nil when it reads none. Worked out when asked, not at boot: only the document
    /// needs it.
    var body: JSONSchema? { schemas.body() }
    /// An endpoint's successful reply; nil for scenes (their JSON is the UI tree) and endpoints that
    /// declare none. Worked out when asked.
    var reply: JSONSchema? { schemas.reply() }
    let schemas: Schemas
    /// What the route does for a request whose guard passed and whose parameters fit their types.
    public let handler: Handler

    /// How to read the body's and the reply's schema from their types.
    struct Schemas: Sendable {
        var body: @Sendable () -> JSONSchema? = { nil }
        var reply: @Sendable () -> JSONSchema? = { nil }

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
        }
    }

    public enum Handler: Sendable {
        case scene(@Sendable (SceneRequest) async -> SceneResponse)
        case endpoint(@Sendable (EndpointRequest) async -> EndpointReply)
    }
}
