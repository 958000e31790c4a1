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
    /// document); nil when it reads none.
    public let body: JSONSchema?
    /// An endpoint's successful reply; nil for scenes (their JSON is the UI tree) and endpoints that
    /// declare none.
    public let reply: JSONSchema?
    /// What the route does for a request whose guard passed and whose parameters fit their types.
    public let handler: Handler

    public enum Handler: Sendable {
        case scene(@Sendable (SceneRequest) async -> SceneResponse)
        case endpoint(@Sendable (EndpointRequest) async -> EndpointReply)
    }
}
