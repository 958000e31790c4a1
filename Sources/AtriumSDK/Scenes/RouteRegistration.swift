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
    public var body: JSONSchema? { schemas.body() }
    /// An endpoint's successful reply; nil for scenes (their JSON is the UI tree) and endpoints that
    /// declare none. Worked out when asked.
    public var reply: JSONSchema? { schemas.reply() }
    let schemas: Schemas
    /// What the route does for a request whose guard passed and whose parameters fit their types.
    public let handler: Handler

    /// How to read the body's and the reply's schema from their types.
    struct Schemas: Sendable {
        var body: @Sendable () -> JSONSchema? = { nil }
        var reply: @Sendable () -> JSONSchema? = { nil }
    }

    public enum Handler: Sendable {
        case scene(@Sendable (SceneRequest) async -> SceneResponse)
        case endpoint(@Sendable (EndpointRequest) async -> EndpointReply)
    }
}
