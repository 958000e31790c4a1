import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Hummingbird
import Logging

/// Every enabled module's routes: each scene route as its pipeline of steps (its parameters, the
/// session, an action's body and token, the guard, for a page its live stream when asked for, then
/// the scene), each endpoint behind its parameters.
package struct ModuleRoutes: Sendable {
    let plan: HostPlan
    let storage: any HostStorage
    let sessions: SessionStore
    let pages: PageWriter
    let host: HostSceneHost
    let logger: Logger
    /// Answers a page's live stream (AtriumLive's), when the host serves them.
    let stream: (any SceneStreamStep)?
    /// Told what each request's scene read, when someone listens.
    let readsObserver: (@Sendable (SceneReads) -> Void)?

    package init(
        plan: HostPlan, storage: any HostStorage, sessions: SessionStore, pages: PageWriter, logger: Logger, stream: (any SceneStreamStep)?,
        readsObserver: (@Sendable (SceneReads) -> Void)?
    ) {
        self.plan = plan
        self.storage = storage
        self.sessions = sessions
        self.pages = pages
        self.host = HostSceneHost(registry: plan.registry, flags: plan.flags)
        self.logger = logger
        self.stream = stream
        self.readsObserver = readsObserver
    }

    package func add(to router: Router<AtriumRequestContext>) {
        let registry = plan.registry
        let trustedProxies = Set(plan.settings.http.trustedProxies)
        let answers = KeptAnswers(feed: storage.changes)
        for (routeIndex, route) in registry.routes.enumerated() {
            let path = RouterPath(route.routerPath)
            let logger = self.logger.with(module: route.moduleID)
            let parameters = RouteParametersMiddleware(route: route)
            let handle: @Sendable (Request, AtriumRequestContext) async throws -> Response
            switch route.handler {
            case .scene(let respond, let preparePage):
                let pipeline = SceneRoutePipeline(
                    parameters: parameters,
                    formToken: route.method == .post ? FormTokenMiddleware(policy: route.formTokens, pages: pages, logger: logger) : nil,
                    signedIn: route.guard == .signedIn ? SignedInGuardMiddleware(registry: registry, pages: pages) : nil,
                    stream: route.method == .get ? stream : nil,
                    scene: SceneResponder(
                        route: route, respond: respond, preparePage: preparePage, storage: storage, sessions: sessions, host: host, pages: pages,
                        trustedProxies: trustedProxies, logger: logger, readsObserver: readsObserver, answers: answers, routeIndex: routeIndex))
                handle = { request, context in try await pipeline.respond(to: request, context: context) }
            case .endpoint(let respond):
                let responder = EndpointResponder(route: route, handle: respond, storage: storage, logger: logger)
                let changes = route.method == .get ? nil : answers
                handle = { request, context in
                    guard let changes else {
                        return try await parameters.handle(request, context: context) { try await responder.respond(to: $0, context: $1) }
                    }
                    // A post to an endpoint (a sandbox's API) may change what its module's pages
                    // show, unless it was refused.
                    let response: Response
                    do {
                        response = try await parameters.handle(request, context: context) { try await responder.respond(to: $0, context: $1) }
                    } catch {
                        changes.forget(module: route.moduleID)
                        throw error
                    }
                    if KeptAnswers.mayHaveChanged(response.status.code) { changes.forget(module: route.moduleID) }
                    return response
                }
            }
            switch route.method {
            case .get: router.get(path, use: handle)
            case .post: router.post(path, use: handle)
            }
        }
    }
}
