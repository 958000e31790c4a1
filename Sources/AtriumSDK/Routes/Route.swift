import Foundation

/// One of a module's routes: a page (GET) that shows a scene, or an action (POST) a scene
/// performs. A scene declares its routes as static values, and views link to them with typed
/// parameters; the link is printed for them:
///
/// ```swift
/// static let recipe = Route.page("/cookbook/recipes/{id}", parameters: RecipeNumber.self)
/// .card(Card(target: RecipeScene.recipe(RecipeNumber(id: 3)), content: …))     // → /cookbook/recipes/3
/// ```
///
/// A pattern or parameters type that does not fit is reported when the scene registers: the host
/// refuses to boot, naming the route.
public struct Route<Parameters: RouteParameters>: Sendable, Hashable {
    /// GET for a page, POST for an action.
    public let method: HTTPMethodName
    /// The name other modules and the configuration may use for it, if it has one.
    public let name: RouteName?
    @_spi(AtriumHost) public let pattern: RoutePattern
    @_spi(AtriumHost) public let fields: [RouteField]
    @_spi(AtriumHost) public let routeGuard: RouteGuard
    @_spi(AtriumHost) public let formTokens: FormTokenPolicy
    /// What is wrong with the pattern or the parameters type, found when the route was made.
    @_spi(AtriumHost) public let problems: [String]

    init(_ method: HTTPMethodName, _ text: String, name: RouteName?, guard routeGuard: RouteGuard, formTokens: FormTokenPolicy) {
        var problems: [String] = []
        var pattern = RoutePattern(segments: [])
        var fields: [RouteField] = []
        do {
            pattern = try RoutePattern(text)
            fields = try RouteParametersCoding.fields(of: Parameters.self)
            problems += Self.mismatches(between: pattern, and: fields)
            pattern = pattern.typed(by: fields)
        } catch {
            problems.append("\(error)")
        }
        self.method = method
        self.name = name
        self.pattern = pattern
        self.fields = fields
        self.routeGuard = routeGuard
        self.formTokens = formTokens
        self.problems = problems
    }

    /// A page: a GET route a scene shows. `parameters` are its path segments and query items; `name`
    /// lets other modules and the configuration link to it (list it in the manifest's `binds`);
    /// `guard: .signedIn` sends visitors who are not signed in to sign in first.
    public static func page(_ pattern: String, parameters: Parameters.Type, name: RouteName? = nil, guard: RouteGuard = .none) -> Self {
        Self(.get, pattern, name: name, guard: `guard`, formTokens: .currentSession)
    }

    /// An action: a POST route a scene performs, from a form (which the host protects with its
    /// anti-forgery token) or a JSON body.
    public static func action(
        _ pattern: String, parameters: Parameters.Type, name: RouteName? = nil, guard: RouteGuard = .none,
        formTokens: FormTokenPolicy = .currentSession
    ) -> Self {
        Self(.post, pattern, name: name, guard: `guard`, formTokens: formTokens)
    }

    /// A JSON endpoint's route (see ``ModuleRegistrar/endpoint(_:_:parameters:contract:handle:)``).
    @_spi(AtriumHost)
    public static func endpoint(_ method: HTTPMethodName, _ pattern: String) -> Self {
        Self(method, pattern, name: nil, guard: .none, formTokens: .currentSession)
    }

    static func mismatches(between pattern: RoutePattern, and fields: [RouteField]) -> [String] {
        var problems: [String] = []
        // Named only when something is wrong: describing a type looks up its conformances.
        var parameters: String { String(describing: Parameters.self) }
        for segment in pattern.segments {
            guard case .parameter(let name, let written) = segment else { continue }
            guard let field = fields.first(where: { $0.name == name }) else {
                problems.append("route \(pattern): \(parameters) has no field '\(name)'")
                continue
            }
            if field.isOptional { problems.append("route \(pattern): '\(name)' is a path segment, so \(parameters).\(name) cannot be optional") }
            if let written, written != field.type {
                problems.append("route \(pattern): '\(name)' is written as \(written.rawValue) but \(parameters).\(name) is \(field.type.rawValue)")
            }
        }
        for field in fields where !field.isOptional && !pattern.parameterNames.contains(field.name) {
            problems.append("route \(pattern): \(parameters).\(field.name) is not in the pattern; make it optional to read it from the query")
        }
        if fields.contains(where: { $0.name == "returnTo" }) {
            problems.append("route \(pattern): 'returnTo' belongs to the host; read it as context.returnTo")
        }
        return problems
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.method == rhs.method && lhs.pattern == rhs.pattern }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(pattern)
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
    /// A page without parameters.
    public static func page(_ pattern: String, name: RouteName? = nil, guard: RouteGuard = .none) -> Self {
        Self(.get, pattern, name: name, guard: `guard`, formTokens: .currentSession)
    }

    /// An action without parameters.
    public static func action(
        _ pattern: String, name: RouteName? = nil, guard: RouteGuard = .none, formTokens: FormTokenPolicy = .currentSession
    ) -> Self {
        Self(.post, pattern, name: name, guard: `guard`, formTokens: formTokens)
    }

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
