import Foundation
import Logging

/// Where a module declares its routes and adds its scenes, JSON endpoints, use-case factories,
/// capabilities and migrations, once, at boot.
///
/// ```swift
/// let form = registrar.page("/pilot", name: "pilot")
/// let register = registrar.action("/pilot/register")
/// registrar.scene("registration", title: "Pilot registration", isEntry: true,
///     model: { context in PilotModel(registration: try context.make(PilotRegistration.self)) },
///     view: PilotView(register: register),
///     routes: [.page(form), .action(register, PilotModel.Action.register)])
/// ```
public final class ModuleRegistrar {
    public let moduleID: String
    public let logger: Logger
    /// What the host lends the module: HTTP, password hashing, sealed secrets, signed tokens, the
    /// clock, random codes.
    public let services: HostServices
    /// The module's records shared by every visitor (accounts, sandboxes, caches), usable from
    /// capabilities, shared use cases and endpoints once the host has opened its storage (not during
    /// registration itself).
    public let sharedRecords: any RecordStore
    /// Where people reach this host (`http.publicURL`, without a trailing slash), for addresses
    /// handed to other sites such as an OpenID provider's redirect URI.
    public let publicURL: String

    let manifest: ModuleManifest
    /// Whether the host lets this module sign visitors in and out: it is the one enabled module
    /// that provides ``CapabilityName/currentUser``.
    let managesSessions: Bool
    @_spi(AtriumHost) public private(set) var scenes: [SceneRegistration] = []
    @_spi(AtriumHost) public private(set) var routes: [RouteRegistration] = []
    @_spi(AtriumHost) public private(set) var factories: [ObjectIdentifier: UseCaseFactory] = [:]
    @_spi(AtriumHost) public private(set) var capabilities: [CapabilityName: any Sendable] = [:]
    @_spi(AtriumHost) public private(set) var migrations: [StorageMigration] = []
    @_spi(AtriumHost) public private(set) var assets: [AssetRegistration] = []
    @_spi(AtriumHost) public private(set) var shutdownHandlers: [@Sendable () async -> Void] = []
    @_spi(AtriumHost) public private(set) var signInMerges: [String: SignInMerge] = [:]
    /// Collections whose records the host deletes once unchanged for so long (see ``expireRecords(in:unchangedFor:)``).
    @_spi(AtriumHost) public private(set) var expirations: [String: Duration] = [:]
    /// Problems found while registering (bad patterns, a route no scene serves); the host reports
    /// them with the configuration problems.
    @_spi(AtriumHost) public private(set) var problems: [String] = []
    /// Routes declared but not yet given to a scene or an endpoint: the host reports them.
    private var unserved: [(method: HTTPMethodName, pattern: RoutePattern)] = []

    /// `managesSessions` is the host's grant of ``userSessions()`` (by default: the manifest
    /// provides the current user).
    @_spi(AtriumHost)
    public init(
        manifest: ModuleManifest, logger: Logger, services: HostServices, sharedRecords: any RecordStore, publicURL: String = "http://localhost",
        managesSessions: Bool? = nil
    ) {
        self.moduleID = manifest.id
        self.publicURL = publicURL
        self.manifest = manifest
        self.managesSessions = managesSessions ?? manifest.provides.contains(.currentUser)
        self.logger = logger
        self.services = services
        self.sharedRecords = sharedRecords
    }

    // MARK: Routes

    /// Declares a page: a GET route a scene shows. `parameters` are its path segments and query
    /// items; `name` lets other modules and the configuration link to it (list it in the
    /// manifest's `binds`); `guard: .signedIn` sends visitors who are not signed in to sign in first.
    public func page<Parameters: RouteParameters>(
        _ pattern: String,
        parameters: Parameters.Type = NoParameters.self,
        name: RouteName? = nil,
        guard routeGuard: RouteGuard = .none
    ) -> Route<Parameters> {
        declare(.get, pattern, parameters: parameters, name: name, guard: routeGuard, formTokens: .currentSession)
    }

    /// Declares an action: a POST route a scene performs, from a form (which the host protects
    /// with its anti-forgery token) or a JSON body.
    public func action<Parameters: RouteParameters>(
        _ pattern: String,
        parameters: Parameters.Type = NoParameters.self,
        name: RouteName? = nil,
        guard routeGuard: RouteGuard = .none,
        formTokens: FormTokenPolicy = .currentSession
    ) -> Route<Parameters> {
        declare(.post, pattern, parameters: parameters, name: name, guard: routeGuard, formTokens: formTokens)
    }

    private func declare<Parameters: RouteParameters>(
        _ method: HTTPMethodName,
        _ text: String,
        parameters: Parameters.Type,
        name: RouteName?,
        guard routeGuard: RouteGuard,
        formTokens: FormTokenPolicy
    ) -> Route<Parameters> {
        var pattern = RoutePattern(segments: [])
        var fields: [RouteField] = []
        do {
            pattern = try RoutePattern(text)
            fields = try RouteParametersCoding.fields(of: parameters)
            problems += Self.mismatches(between: pattern, and: fields, parameters: String(describing: parameters))
            pattern = pattern.typed(by: fields)
        } catch {
            problems.append("module '\(moduleID)': \(error)")
        }
        unserved.append((method, pattern))
        return Route(method: method, name: name, pattern: pattern, fields: fields, moduleID: moduleID, guard: routeGuard, formTokens: formTokens)
    }

    static func mismatches(between pattern: RoutePattern, and fields: [RouteField], parameters name: @autoclosure () -> String) -> [String] {
        var problems: [String] = []
        // Named only when something is wrong: describing a type looks up its conformances.
        var parameters: String { name() }
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

    // MARK: Scenes and endpoints

    /// Adds a scene: its view model, its view, and the routes that reach it.
    public func scene<Model: SceneModel, View: SceneView>(
        _ id: String,
        title: String,
        isEntry: Bool = false,
        model: @escaping @Sendable (SceneContext) async throws -> Model,
        view: View,
        routes bindings: [SceneBinding<Model>]
    ) where View.State == Model.State {
        let sceneID = "\(moduleID).\(id)"
        if scenes.contains(where: { $0.id == sceneID }) {
            problems.append("module '\(moduleID)' registers scene '\(id)' twice; give each scene its own id")
        }
        scenes.append(SceneRegistration(id: sceneID, title: title, isEntry: isEntry))
        let handler = SceneHandler(sceneID: sceneID, title: title, makeModel: model, view: view)
        for binding in bindings {
            let respond: @Sendable (SceneRequest) async -> SceneResponse
            switch (binding.role, binding.method) {
            case (.page, .get):
                respond = { request in await handler.render(request) }
            case (.action(let decode), .post):
                respond = { request in await handler.perform(decode, request) }
            default:
                problems.append(
                    "scene '\(id)': \(binding.method.rawValue) \(binding.pattern) is bound as \(binding.role.isPage ? "a page" : "an action"); use registrar.\(binding.method == .get ? "page" : "action") for it"
                )
                continue
            }
            serve(
                binding.method, binding.pattern, fields: binding.fields, name: binding.name, guard: binding.routeGuard,
                formTokens: binding.formTokens, sceneID: sceneID, schemas: .init(body: binding.body), handler: .scene(respond),
                declaredBy: binding.moduleID)
        }
    }

    /// Adds a JSON endpoint beside the scenes: a wire contract the host serves, such as a remote
    /// API's sandbox. It has no session and no form token; it checks whatever authentication its
    /// contract has (``EndpointRequest/bearerToken``). A body that does not decode answers 400, an
    /// error thrown answers 500, both as `{"error": …}`.
    @discardableResult
    public func endpoint<Parameters: RouteParameters>(
        _ method: HTTPMethodName,
        _ pattern: String,
        parameters: Parameters.Type = NoParameters.self,
        contract: EndpointContract? = nil,
        handle: @escaping @Sendable (EndpointRequest) async throws -> EndpointReply
    ) -> Route<Parameters> {
        let route = declare(method, pattern, parameters: parameters, name: nil, guard: .none, formTokens: .currentSession)
        serve(
            route.method, route.pattern, fields: route.fields, name: nil, guard: .none, formTokens: .currentSession, sceneID: nil,
            schemas: contract?.schemas ?? .init(),
            handler: .endpoint { request in
                do {
                    return try await handle(request)
                } catch let error as DecodingError {
                    request.logger.notice("endpoint body rejected", metadata: ["error": "\(error)"])
                    return .json(["error": "The request body could not be read."], status: .badRequest)
                } catch {
                    request.logger.error("endpoint failed", metadata: ["error": "\(String(describing: type(of: error)))"])
                    return .json(["error": "Something went wrong."], status: .internalServerError)
                }
            }, declaredBy: route.moduleID)
        return route
    }

    private func serve(
        _ method: HTTPMethodName, _ pattern: RoutePattern, fields: [RouteField], name: RouteName?, guard routeGuard: RouteGuard,
        formTokens: FormTokenPolicy, sceneID: String?, schemas: RouteRegistration.Schemas, handler: RouteRegistration.Handler,
        declaredBy: String
    ) {
        guard declaredBy == moduleID else {
            problems.append("module '\(moduleID)' serves \(method.rawValue) \(pattern), a route module '\(declaredBy)' declared")
            return
        }
        guard let index = unserved.firstIndex(where: { $0.method == method && $0.pattern == pattern }) else {
            problems.append("module '\(moduleID)' serves \(method.rawValue) \(pattern) twice; give each route one scene or endpoint")
            return
        }
        unserved.remove(at: index)
        routes.append(
            RouteRegistration(
                method: method, pattern: pattern, fields: fields, name: name, guard: routeGuard, formTokens: formTokens, sceneID: sceneID,
                moduleID: moduleID, schemas: schemas, handler: handler))
    }

    /// Problems found once registration is over: routes declared that nothing serves.
    @_spi(AtriumHost)
    public func finish() {
        for route in unserved {
            problems.append("module '\(moduleID)' declares \(route.method.rawValue) \(route.pattern) but no scene or endpoint serves it")
        }
        unserved = []
    }

    // MARK: Everything else

    /// Registers how to build a use case. Scenes ask for it with ``SceneContext/make(_:)``.
    public func factory<UseCase: Sendable>(
        _ type: UseCase.Type,
        lifetime: UseCaseLifetime = .perRequest,
        make: @escaping @Sendable (SceneContext) throws -> UseCase
    ) {
        factories[ObjectIdentifier(type)] = UseCaseFactory(typeName: String(describing: type), lifetime: lifetime, make: { try make($0) })
    }

    /// Provides a capability other modules may use. Declare it in the manifest's `provides` too:
    /// providing what the manifest does not declare is a problem the host reports at boot.
    public func provide<Value>(_ capability: Capability<Value>, _ value: Value) {
        guard manifest.provides.contains(capability.name) else {
            problems.append("module '\(moduleID)' provides '\(capability.name)', which its manifest does not declare in provides")
            return
        }
        capabilities[capability.name] = value
    }

    /// Signing visitors in and out: only for the module the host lets provide
    /// ``CapabilityName/currentUser`` (the one enabled module whose manifest provides it).
    public func userSessions() throws(SettingProblem) -> UserSessions {
        guard managesSessions else {
            throw SettingProblem(
                key: "", message: "only the module that provides 'current-user' may sign visitors in",
                fix: "declare provides: [.currentUser] in the manifest, provide it, and enable no other module that does")
        }
        return UserSessions(moduleID: moduleID)
    }

    /// Lets the host delete the records of `collection` (every owner's) that nobody has changed for
    /// `unchangedFor`: for records keyed by what visitors send (throttle counts per address or
    /// email, pending flows), which would otherwise pile up for ever. The host looks once an hour.
    public func expireRecords(in collection: String, unchangedFor: Duration) {
        expirations[collection] = unchangedFor
    }

    public func migration(_ migration: StorageMigration) {
        migrations.append(migration)
    }

    /// Merges what a visitor saved in `collection` before signing in into the account's record with
    /// the same id, when the account already has one (without a merge, the account's is kept).
    public func mergeAtSignIn<Record: Codable & Sendable>(
        _ type: Record.Type,
        in collection: String,
        _ merge: @escaping @Sendable (_ visitor: Record, _ account: Record) -> Record
    ) {
        signInMerges[collection] = SignInMerge(type, collection: collection, merge: merge)
    }

    /// Serves a file shipped with the module at `/assets/<module id>/<name>`, with cache headers.
    public func asset(named name: String, contents: [UInt8], contentType: String) {
        assets.append(AssetRegistration(path: "/assets/\(moduleID)/\(name)", contents: contents, contentType: contentType))
    }

    /// Runs when the host shuts down, in the reverse of boot order.
    public func onShutdown(_ handler: @escaping @Sendable () async -> Void) {
        shutdownHandlers.append(handler)
    }
}

extension SceneBinding.Role {
    var isPage: Bool {
        if case .page = self { return true }
        return false
    }
}
