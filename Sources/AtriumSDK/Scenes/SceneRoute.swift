/// How a scene is reached: a page route that shows it, or an action route that performs one of
/// its actions. Listed in ``Scene/routes``.
public struct SceneRoute<S: Scene>: Sendable {
    @_spi(AtriumHost)
    public enum Role: Sendable {
        case page
        /// Decodes the action from the request's body and path parameters.
        case action(@Sendable (any ActionInput, [String: String]) throws -> S.Action)
    }

    @_spi(AtriumHost) public let method: HTTPMethodName
    @_spi(AtriumHost) public let pattern: RoutePattern
    @_spi(AtriumHost) public let fields: [RouteField]
    @_spi(AtriumHost) public let name: RouteName?
    @_spi(AtriumHost) public let routeGuard: RouteGuard
    @_spi(AtriumHost) public let formTokens: FormTokenPolicy
    @_spi(AtriumHost) public let problems: [String]
    @_spi(AtriumHost) public let role: Role
    /// The type the action's fields decode as, for the OpenAPI document.
    @_spi(AtriumHost) public let body: (any (Decodable & SendableMetatype).Type)?

    init<Parameters>(_ route: Route<Parameters>, role: Role, body: (any (Decodable & SendableMetatype).Type)? = nil) {
        method = route.method
        pattern = route.pattern
        fields = route.fields
        name = route.name
        routeGuard = route.routeGuard
        formTokens = route.formTokens
        problems = route.problems
        self.role = role
        self.body = body
    }

    /// The page route that shows the scene.
    public static func page<Parameters>(_ route: Route<Parameters>) -> Self {
        SceneRoute(route, role: .page)
    }

    /// An action route that performs `action`, whatever the body holds (besides the form token).
    public static func action<Parameters>(_ route: Route<Parameters>, _ action: S.Action) -> Self {
        SceneRoute(route, role: .action { _, _ in action })
    }

    /// An action route whose fields come from the form post or JSON body and from the route's path
    /// parameters: `.action(register, Action.register)` for `case register(RegistrationFields)`.
    public static func action<Parameters, Fields: Decodable & Sendable>(
        _ route: Route<Parameters>,
        _ make: @escaping @Sendable (Fields) -> S.Action
    ) -> Self {
        SceneRoute(route, role: .action { input, path in make(try input.decode(Fields.self, pathParameters: path)) }, body: Fields.self)
    }
}
