/// A route as the host sees it: what `atrium routes` lists and what the router serves.
public struct RouteRegistration: Sendable {
    public let method: HTTPMethodName
    public let pattern: RoutePattern
    public let name: RouteName?
    public let `guard`: RouteGuard
    /// Which anti-forgery tokens a POST accepts.
    public let formTokens: FormTokenPolicy
    public let sceneID: String
    public let moduleID: String
    /// Runs the scene for a request whose guard passed and whose parameters fit their types.
    public let respond: @Sendable (SceneRequest) async -> SceneResponse
}
