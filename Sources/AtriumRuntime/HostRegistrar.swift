import AtriumConfiguration
import AtriumEvents
import AtriumRecords
@_spi(AtriumHost) import AtriumSDK
import AtriumServices
import AtriumStorage
import Foundation
import Logging

/// The registrar the host gives each module: it collects what the module registers (scenes and
/// their routes, endpoints, capabilities, migrations, assets, shutdown handlers, merges, expiring
/// collections) and the problems found doing so, which the host reports with the configuration's.
package final class HostRegistrar: ModuleRegistrar {
    package let moduleID: String
    package let logger: Logger
    package let services: HostServices
    package let sharedRecords: any RecordStore
    package let publicURL: String

    let manifest: ModuleManifest
    /// Whether the host lets this module sign visitors in and out: it is the one enabled module
    /// that provides ``CapabilityName/currentUser``.
    let managesSessions: Bool
    private(set) var scenes: [SceneRegistration] = []
    private(set) var routes: [RouteRegistration] = []
    private(set) var capabilities: [CapabilityName: any Sendable] = [:]
    private(set) var migrations: [StorageMigration] = []
    private(set) var assets: [AssetRegistration] = []
    private(set) var shutdownHandlers: [@Sendable () async -> Void] = []
    private(set) var signInMerges: [String: SignInMerge] = [:]
    private(set) var expirations: [String: Duration] = [:]
    private(set) var watches: [ModuleWatching.Watch] = []
    /// Where the configuration's events are published and subscribed.
    let events: EventRouter
    /// The hosts of the remote services the module named (its HTTP client reaches only those).
    let remoteGrants: RemoteGrants
    /// Problems found while registering (bad patterns, a route served twice).
    private(set) var problems: [String] = []

    /// `managesSessions` is the host's grant of ``userSessions()`` (by default: the manifest
    /// provides the current user).
    package init(
        manifest: ModuleManifest, logger: Logger, services: HostServices, sharedRecords: any RecordStore, publicURL: String = "http://localhost",
        managesSessions: Bool? = nil, events: EventRouter? = nil, remoteGrants: RemoteGrants = RemoteGrants()
    ) {
        self.events = events ?? EventRouter()
        self.remoteGrants = remoteGrants
        self.moduleID = manifest.id
        self.publicURL = publicURL
        self.manifest = manifest
        self.logger = logger
        self.services = services
        self.sharedRecords = sharedRecords
        self.managesSessions = managesSessions ?? manifest.provides.contains(.currentUser)
    }

    package func scene<S: Scene>(
        _ type: S.Type, pageName: (@Sendable (S.State) -> any Hashable & Sendable)?, make: @escaping @Sendable (SceneContext) throws -> S
    ) {
        let sceneID = "\(moduleID).\(S.id)"
        if scenes.contains(where: { $0.id == sceneID }) {
            problems.append("module '\(moduleID)' registers scene '\(S.id)' twice; give each scene its own id")
        }
        scenes.append(SceneRegistration(id: sceneID, title: S.title, isEntry: S.isEntry, name: { String(reflecting: S.self) }))
        let runner = SceneRunner(sceneID: sceneID, title: S.title, pageName: pageName, make: make)
        for route in S.routes {
            problems += route.problems.map { "module '\(moduleID)': \($0)" }
            let respond: @Sendable (SceneRequest) async -> SceneResponse
            var preparePage: RouteRegistration.PagePreparation?
            switch (route.role, route.method) {
            case (.page, .get):
                respond = { request in await runner.render(request) }
                preparePage = { request in
                    guard let scene = try? runner.make(request.context) else { return nil }
                    return { request in await runner.render(request, with: scene) }
                }
            case (.action(let decode), .post):
                respond = { request in await runner.perform(decode, request) }
            default:
                let use = route.method == .get ? "Route.page" : "Route.action"
                problems.append(
                    "scene '\(S.id)': \(route.method.rawValue) \(route.pattern) is bound as \(route.method == .get ? "an action" : "a page"); declare it with \(use)"
                )
                continue
            }
            let body = route.body
            add(
                RouteRegistration(
                    method: route.method, pattern: route.pattern, fields: route.fields, name: route.name, guard: route.routeGuard,
                    formTokens: route.formTokens, sceneID: sceneID, moduleID: moduleID,
                    schemas: .init(body: { body.map { SchemaProbe().schema(of: $0) } }), handler: .scene(respond, preparePage: preparePage)))
        }
    }

    package func endpoint<Parameters: RouteParameters>(
        _ route: Route<Parameters>, contract: EndpointContract?, handle: @escaping @Sendable (EndpointRequest) async throws -> EndpointReply
    ) {
        problems += route.problems.map { "module '\(moduleID)': \($0)" }
        add(
            RouteRegistration(
                method: route.method, pattern: route.pattern, fields: route.fields, name: nil, guard: .none, formTokens: .currentSession,
                sceneID: nil, moduleID: moduleID, schemas: contract.map(RouteRegistration.Schemas.init) ?? .init(),
                handler: .endpoint { request in
                    do {
                        return try await handle(request)
                    } catch let error as DecodingError {
                        request.logger.notice("endpoint body rejected", metadata: ["error": "\(error)"])
                        return .json(["error": "The request body could not be read."], status: .badRequest)
                    } catch {
                        request.logger.error("endpoint failed", metadata: ["error": "\(StorageErrorText.kind(of: error))"])
                        return .json(["error": "Something went wrong."], status: .internalServerError)
                    }
                }))
    }

    private func add(_ route: RouteRegistration) {
        if routes.contains(where: { $0.method == route.method && $0.pattern == route.pattern }) {
            problems.append("module '\(moduleID)' serves \(route.method.rawValue) \(route.pattern) twice; give each route one scene or endpoint")
            return
        }
        routes.append(route)
    }

    package func remoteService(_ id: String, at address: String) -> any RemoteHTTPClient {
        if !manifest.remoteServices.contains(where: { $0.id == id }) {
            problems.append("module '\(moduleID)' calls the remote service '\(id)', which its manifest does not declare in remoteServices")
        } else if !remoteGrants.allow(address, as: id) {
            problems.append("module '\(moduleID)': the remote service '\(id)' is at '\(address)', which is no http(s) address")
        }
        return services.http
    }

    package func provide<Value>(_ capability: Capability<Value>, _ value: Value) {
        guard manifest.provides.contains(capability.name) else {
            problems.append("module '\(moduleID)' provides '\(capability.name)', which its manifest does not declare in provides")
            return
        }
        capabilities[capability.name] = ProvidedCapability(value)
    }

    package func userSessions() throws(SettingProblem) -> UserSessions {
        guard managesSessions else {
            throw SettingProblem(
                key: "", message: "only the module that provides 'current-user' may sign visitors in",
                fix: "declare provides: [.currentUser] in the manifest, provide it, and enable no other module that does")
        }
        return UserSessions(moduleID: moduleID)
    }

    package func migration(_ migration: StorageMigration) {
        migrations.append(migration)
    }

    package func mergeAtSignIn<Record: Codable & Sendable>(
        _ type: Record.Type, in collection: String, _ merge: @escaping @Sendable (_ visitor: Record, _ account: Record) -> Record
    ) {
        signInMerges[collection] = SignInMerge(type, collection: collection, merge: merge)
    }

    package func expireRecords(in collection: String, unchangedFor: Duration) {
        expirations[collection] = unchangedFor
    }

    package func watchChanges(in collection: String, _ handler: @escaping @Sendable (RecordChange) -> Void) {
        watches.append(ModuleWatching.Watch(collection: collection, handler: handler))
    }

    package func publisher<Event: ModuleEvent>(for event: Event.Type) -> EventPublisher<Event> {
        let (module, events) = (moduleID, events)
        if !Event.name.hasPrefix(moduleID + ".") {
            problems.append("module '\(moduleID)' publishes '\(Event.name)': an event's name starts with its module's id ('\(moduleID).')")
        }
        if !events.publications.contains(where: { $0.module == module && $0.name == Event.name }) {
            events.add(EventRouter.Publication(module: module, name: Event.name, version: Event.version))
        }
        return EventPublisher { aggregate, payload in
            try await events.publish(module: module, name: Event.name, version: Event.version, aggregate: aggregate, payload: payload)
        }
    }

    package func subscribe<Event: ModuleEvent>(to event: Event.Type, _ handle: @escaping @Sendable (Event, EventDelivery) async throws -> Void) {
        guard events.subscription(module: moduleID, name: Event.name) == nil else {
            problems.append("module '\(moduleID)' subscribes to '\(Event.name)' twice; handle it in one place")
            return
        }
        events.add(
            EventRouter.Subscription(module: moduleID, name: Event.name, version: Event.version) { payload, delivery in
                // An event of the version before lacks the fields added since: with `RecordDefaults`
                // they read as the defaults; fields of the version after are ignored.
                try await handle(try RecordDecoding.decode(Event.self, from: payload), delivery)
            })
    }

    package func asset(named name: String, contents: [UInt8], contentType: String) {
        assets.append(AssetRegistration(path: "/assets/\(moduleID)/\(name)", contents: contents, contentType: contentType))
    }

    package func onShutdown(_ handler: @escaping @Sendable () async -> Void) {
        shutdownHandlers.append(handler)
    }
}
