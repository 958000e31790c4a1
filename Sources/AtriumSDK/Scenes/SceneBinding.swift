/// How a scene is reached: a page route that shows it, or an action route that performs one of
/// its actions. Given to ``ModuleRegistrar/scene(_:title:isEntry:model:view:routes:)``.
public struct SceneBinding<Model: SceneModel>: Sendable {
    enum Role: Sendable {
        case page
        case action(@Sendable (any ActionInput, [String: String]) throws -> Model.Action)
    }

    let method: HTTPMethodName
    let pattern: RoutePattern
    let fields: [RouteField]
    let name: RouteName?
    let routeGuard: RouteGuard
    let formTokens: FormTokenPolicy
    let moduleID: String
    let role: Role
    /// The action's fields, from the form or a JSON body.
    let body: @Sendable () -> JSONSchema?

    init<Parameters>(_ route: Route<Parameters>, role: Role, body: @escaping @Sendable () -> JSONSchema? = { nil }) {
        self.body = body
        method = route.method
        pattern = route.pattern
        fields = route.fields
        name = route.name
        routeGuard = route.routeGuard
        formTokens = route.formTokens
        moduleID = route.moduleID
        self.role = role
    }

    /// The page route that shows the scene.
    public static func page<Parameters>(_ route: Route<Parameters>) -> Self {
        SceneBinding(route, role: .page)
    }

    /// An action route that performs `action`, whatever the body holds (besides the form token).
    public static func action<Parameters>(_ route: Route<Parameters>, _ action: Model.Action) -> Self {
        SceneBinding(route, role: .action { _, _ in action })
    }

    /// An action route whose fields come from the form post or JSON body and from the route's path
    /// parameters: `.action(register, PilotModel.Action.register)` for `case register(RegistrationFields)`.
    public static func action<Parameters, Fields: Decodable & Sendable>(
        _ route: Route<Parameters>,
        _ make: @escaping @Sendable (Fields) -> Model.Action
    ) -> Self {
        SceneBinding(
            route, role: .action { input, path in make(try input.decode(Fields.self, pathParameters: path)) },
            body: { SchemaProbe().schema(of: Fields.self) })
    }
}
