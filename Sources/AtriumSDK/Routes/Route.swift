import Foundation

/// One of the module's own routes: a page (GET) that shows a scene, or an action (POST) a scene
/// performs. ``ModuleRegistrar`` returns it when the route is declared; views link to it with typed
/// parameters, and the link is printed for them:
///
/// ```swift
/// let recipe = registrar.page("/cookbook/recipes/{id}", parameters: RecipeNumber.self)
/// .card(Card(target: recipe(RecipeNumber(id: 3)), content: …))     // → /cookbook/recipes/3
/// .button(Button("I have egg", action: add(Ingredient(name: "egg"), returnTo: recipe(RecipeNumber(id: 3)))))
/// ```
public struct Route<Parameters: RouteParameters>: Sendable, Hashable {
    public let method: HTTPMethodName
    /// The name other modules and the configuration may use for it, if it has one.
    public let name: RouteName?
    @_spi(AtriumHost) public let pattern: RoutePattern
    @_spi(AtriumHost) public let fields: [RouteField]
    @_spi(AtriumHost) public let moduleID: String
    @_spi(AtriumHost) public let routeGuard: RouteGuard
    @_spi(AtriumHost) public let formTokens: FormTokenPolicy

    init(
        method: HTTPMethodName, name: RouteName?, pattern: RoutePattern, fields: [RouteField], moduleID: String, guard routeGuard: RouteGuard,
        formTokens: FormTokenPolicy
    ) {
        self.method = method
        self.name = name
        self.pattern = pattern
        self.fields = fields
        self.moduleID = moduleID
        self.routeGuard = routeGuard
        self.formTokens = formTokens
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.method == rhs.method && lhs.pattern == rhs.pattern && lhs.moduleID == rhs.moduleID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(pattern)
        hasher.combine(moduleID)
    }

    /// A link to this route with these parameters; `returnTo` is where the visitor should come back
    /// to afterwards (read by the next scene as ``SceneContext/returnTo``).
    public func callAsFunction(_ parameters: Parameters, returnTo: LinkTarget? = nil) -> LinkTarget {
        let values = RouteParametersCoding.encode(parameters)
        let path = pattern.path(with: values) ?? pattern.description
        let query = fields.filter(\.isOptional).compactMap { field in values[field.name].map { (field.name, $0) } }
        let link = LinkTarget.path(path + QueryText.encode(query))
        return returnTo.map { LinkTarget.returning(link, to: $0) } ?? link
    }
}

extension Route where Parameters == NoParameters {
    /// A link to this route.
    public func callAsFunction(returnTo: LinkTarget? = nil) -> LinkTarget {
        self(NoParameters(), returnTo: returnTo)
    }
}

/// Query strings as links print them.
@_spi(AtriumHost)
public enum QueryText {
    static let allowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return allowed
    }()

    /// `?a=1&b=x%20y`, or "" for no items.
    public static func encode(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        return "?"
            + items.map { name, value in
                (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                    + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
            }.joined(separator: "&")
    }
}
