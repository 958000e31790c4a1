import AtriumHTTP
import AtriumLive
import AtriumObservability
import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The host's HTTP application, assembled from a ``HostPlan``: the host's middleware, its own pages
/// (``HostPageRoutes``), every module's routes (``ModuleRoutes``) with the live scenes' stream step
/// (``SceneEventStream``), and the module's in-process calls to the host (``LocalRouterDelivery``).
package struct HostApplication: Sendable {
    package let plan: HostPlan
    package let storage: any HostStorage
    package let sessions: SessionStore
    let pages: PageWriter
    /// The live streams this host serves (one set for every configuration it serves).
    let live: LiveScenes
    let logger: Logger
    let readsObserver: (@Sendable (SceneReads) -> Void)?

    /// Opens nothing itself: `storage` must be open and the modules' migrations run (see
    /// ``HostRuntime``). `readsObserver` is told what each request's scene read. Without `live`,
    /// streams of its own, fed by the storage's change feed.
    package init(
        plan: HostPlan, storage: any HostStorage, live: LiveScenes? = nil, translations: Translations? = nil, logger: Logger,
        readsObserver: (@Sendable (SceneReads) -> Void)? = nil
    ) throws {
        self.plan = plan
        self.storage = storage
        self.live = live ?? LiveScenes(feed: storage.changes)
        self.logger = logger
        self.readsObserver = readsObserver
        let metrics = plan.metrics
        sessions = try SessionStore(
            storage: storage, hostKey: plan.hostKey, signInMerges: plan.registry.signInMerges,
            visitorLimits: plan.settings.storage.visitorLimits, sessionManager: plan.registry.provider(of: .currentUser),
            onCreate: { metrics.recordSessionCreated() })
        pages = PageWriter(
            links: LinkResolver(registry: plan.registry),
            cookie: SessionCookie(isSecure: plan.settings.http.behindTLS),
            cache: PageCache(),
            shell: AppShell(entries: plan.registry.entries),
            translations: try translations ?? Translations(settings: plan.settings.localization, modules: plan.translations),
            accountLanguages: AccountLanguages(storage: storage)
        )
    }

    package func makeRouter() throws -> Router<AtriumRequestContext> {
        let (registry, http, metrics, live) = (plan.registry, plan.settings.http, plan.metrics, self.live)
        // HEAD answers every GET route with its headers and no body (monitors use it).
        let router = Router(context: AtriumRequestContext.self, options: .autoGenerateHeadEndpoints)
        let readYourWrites =
            storage.changes.isShared
            ? try ReadYourWritesMiddleware(feed: storage.changes, isSecure: pages.cookie.isSecure, hostKey: plan.hostKey) : nil
        let hostPages = HostPageRoutes(
            registry: registry, storage: storage, pages: pages, metrics: http.metrics ? metrics : nil,
            beforeMetrics: {
                metrics.recordLive(streams: live.count, groups: live.groupCount, figures: live.counters.figures, evictions: live.evictions)
            })
        let language = LanguageRoutes(sessions: sessions, pages: pages, logger: logger)
        let allowed = AllowedMethods(routes: registry.routes.map { ($0.pattern, $0.method) } + (try language.methods()), getPaths: hostPages.paths)
        router.add(
            middleware: HostMiddleware(
                log: RequestLogMiddleware(logger: logger, metrics: http.metrics ? metrics : nil, trustedProxies: Set(http.trustedProxies)),
                readYourWrites: readYourWrites, errors: ErrorPageMiddleware(pages: pages, allowed: allowed)))
        try hostPages.add(to: router)
        language.add(to: router)
        // A page asked for with Accept: text/event-stream streams its scene (SceneEventStream).
        let caps = ConnectionLimits(settings: http, descriptors: DescriptorLimit.current()).streams
        ModuleRoutes(
            plan: plan, storage: storage, sessions: sessions, pages: pages, logger: logger,
            stream: SceneEventStream(live: live, registry: registry, caps: caps), readsObserver: readsObserver
        ).add(to: router)
        LocalRouterDelivery.connect(router, to: plan.localDelivery, logger: logger)
        return router
    }

    /// Answers one GET in-process, through the host's own router and without a port (`atrium
    /// render`): status, reason, where a redirect leads, and the body.
    package func answer(_ path: String, accept: String) async throws -> (status: Int, reason: String, location: String?, body: String) {
        let responder = try makeRouter().buildResponder()
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path, headerFields: [.accept: accept]),
            body: RequestBody(buffer: ByteBuffer())
        )
        let response = try await responder.respond(to: request, context: AtriumRequestContext(logger: logger))
        let collected = CollectingBodyWriter.Collected()
        try await response.body.write(CollectingBodyWriter(collected: collected))
        return (Int(response.status.code), response.status.reasonPhrase, response.headers[.location], String(buffer: collected.buffer))
    }
}
