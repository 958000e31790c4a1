import Logging

/// Where a module adds its scenes, routes, use-case factories, capabilities and migrations.
///
/// The host passes one registrar to each module's `register` call and builds its router and route
/// table from what was added.
public final class ModuleRegistrar {
    public let moduleID: String
    public let logger: Logger
    /// HTTP to remote services, for the module's data sources.
    public let httpClient: any RemoteHTTPClient
    /// Password hashing (bcrypt) for modules that keep passwords.
    public let passwordHasher: any PasswordHasher
    /// The module's records shared by every visitor, usable from capabilities and shared use cases
    /// once the host has opened its storage (not during registration itself).
    public let sharedRecords: any RecordStore

    public private(set) var scenes: [SceneRegistration] = []
    public private(set) var routes: [RouteRegistration] = []
    public private(set) var factories: [ObjectIdentifier: UseCaseFactory] = [:]
    public private(set) var capabilities: [CapabilityName: any Sendable] = [:]
    public private(set) var migrations: [StorageMigration] = []
    public private(set) var assets: [AssetRegistration] = []
    public private(set) var shutdownHandlers: [@Sendable () async -> Void] = []
    public private(set) var signInMerges: [String: SignInMerge] = [:]
    /// Problems found while registering (bad patterns, duplicate scenes); the host reports them
    /// with the configuration errors.
    public private(set) var problems: [String] = []

    public init(
        moduleID: String,
        logger: Logger,
        httpClient: any RemoteHTTPClient,
        passwordHasher: any PasswordHasher,
        sharedRecords: any RecordStore
    ) {
        self.moduleID = moduleID
        self.logger = logger
        self.httpClient = httpClient
        self.passwordHasher = passwordHasher
        self.sharedRecords = sharedRecords
    }

    /// Adds a scene: its view model factory and its view. Routes then lead to it.
    @discardableResult
    public func scene<Model: SceneModel, View: SceneView<Model.State>>(
        _ id: String,
        title: String,
        isEntry: Bool = false,
        model: @escaping @Sendable (SceneContext) async throws -> Model,
        view: View
    ) -> SceneReference<Model> {
        let reference = SceneReference<Model>(id: "\(moduleID).\(id)", title: title)
        if scenes.contains(where: { $0.id == reference.id }) {
            problems.append("module '\(moduleID)' registers scene '\(id)' twice; give each scene its own id")
        }
        let handler = SceneHandler(title: title, makeModel: model, view: view)
        scenes.append(SceneRegistration(id: reference.id, title: title, isEntry: isEntry, handler: handler))
        return reference
    }

    /// A GET route that loads the scene and renders it.
    public func get<Model: SceneModel>(
        _ pattern: String,
        name: RouteName? = nil,
        guard routeGuard: RouteGuard = .none,
        scene: SceneReference<Model>
    ) {
        guard let handler = handler(for: scene) else { return }
        addRoute(.get, pattern, name: name, guard: routeGuard, sceneID: scene.id) { request in
            await handler.render(request)
        }
    }

    /// A POST route that decodes an action from a form post or a JSON body, performs it, and either
    /// re-renders the scene or redirects.
    public func post<Model: SceneModel, Action: Decodable & Sendable>(
        _ pattern: String,
        name: RouteName? = nil,
        guard routeGuard: RouteGuard = .none,
        formTokens: FormTokenPolicy = .currentSession,
        scene: SceneReference<Model>,
        action: Action.Type,
        perform: @escaping @Sendable (Model, Action, SceneContext) async throws -> ActionOutcome<Model.State>
    ) {
        guard let handler = handler(for: scene) else { return }
        addRoute(.post, pattern, name: name, guard: routeGuard, formTokens: formTokens, sceneID: scene.id) { request in
            await handler.perform(Action.self, request, perform)
        }
    }

    /// Registers how to build a use case. Scenes ask for it with ``SceneContext/make(_:)``.
    public func factory<UseCase: Sendable>(
        _ type: UseCase.Type,
        lifetime: UseCaseLifetime = .perRequest,
        make: @escaping @Sendable (SceneContext) throws -> UseCase
    ) {
        factories[ObjectIdentifier(type)] = UseCaseFactory(
            typeName: String(describing: type),
            lifetime: lifetime,
            make: { try make($0) }
        )
    }

    /// Provides a capability other modules may use. Declare it in the manifest's `provides` too.
    public func provide<Value>(_ capability: Capability<Value>, _ value: Value) {
        capabilities[capability.name] = value
    }

    public func migration(_ migration: StorageMigration) {
        migrations.append(migration)
    }

    /// Serves a file shipped with the module at `/assets/<module id>/<name>`, with cache headers.
    public func asset(named name: String, contents: [UInt8], contentType: String) {
        assets.append(AssetRegistration(path: "/assets/\(moduleID)/\(name)", contents: contents, contentType: contentType))
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

    /// Runs when the host shuts down, in the reverse of boot order.
    public func onShutdown(_ handler: @escaping @Sendable () async -> Void) {
        shutdownHandlers.append(handler)
    }

    private func handler<Model>(for scene: SceneReference<Model>) -> SceneHandler<Model>? {
        guard let registration = scenes.first(where: { $0.id == scene.id }),
            let handler = registration.handler as? SceneHandler<Model>
        else {
            problems.append("module '\(moduleID)' routes to scene '\(scene.id)', which it has not registered")
            return nil
        }
        return handler
    }

    private func addRoute(
        _ method: HTTPMethodName,
        _ pattern: String,
        name: RouteName?,
        guard routeGuard: RouteGuard,
        formTokens: FormTokenPolicy = .currentSession,
        sceneID: String,
        respond: @escaping @Sendable (SceneRequest) async -> SceneResponse
    ) {
        do {
            let parsed = try RoutePattern(pattern)
            routes.append(
                RouteRegistration(
                    method: method,
                    pattern: parsed,
                    name: name,
                    guard: routeGuard,
                    formTokens: formTokens,
                    sceneID: sceneID,
                    moduleID: moduleID,
                    respond: respond
                )
            )
        } catch {
            problems.append("module '\(moduleID)': \(error)")
        }
    }
}
