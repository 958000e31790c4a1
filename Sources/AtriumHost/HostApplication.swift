import AtriumHTTP
import AtriumListener
import AtriumLive
import AtriumLocalization
import AtriumObservability
import AtriumPages
import AtriumRendering
import AtriumRuntime
import AtriumSDK
import AtriumStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The host's HTTP application, assembled from a ``HostPlan``: the page target's ``PageService``
/// (every module's routes, the home and language pages, the standard screens), and on the router
/// the host's middleware, its own files and checks (``HostPageRoutes``), the modules' routes
/// (``ModuleRoutes``) with the live scenes' streams (``SceneEventStream``); the modules' in-process
/// calls to the host go to the pages (``LocalAnswers``).
package struct HostApplication: Sendable {
    package let plan: HostPlan
    package let storage: any HostStorage
    package let sessions: SessionStore
    let writer: AnswerWriter
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
        writer = AnswerWriter(
            links: LinkResolver(registry: plan.registry),
            cookie: SessionCookie(isSecure: plan.settings.http.behindTLS),
            cache: RenderCache(),
            shell: AppShell(entries: plan.homeEntries),
            translations: try translations ?? Translations(settings: plan.settings.localization, modules: plan.translations),
            accountLanguages: AccountLanguages(storage: storage)
        )
    }

    /// The pages of this application's plan: what its router and in-process callers answer with.
    package func makePages() -> PageService {
        PageService(plan: plan, storage: storage, sessions: sessions, writer: writer, logger: logger, readsObserver: readsObserver)
    }

    package func makeRouter() throws -> Router<AtriumRequestContext> {
        let (registry, http, metrics, live) = (plan.registry, plan.settings.http, plan.metrics, self.live)
        let pages = makePages()
        // HEAD answers every GET route with its headers and no body (monitors use it).
        let router = Router(context: AtriumRequestContext.self, options: .autoGenerateHeadEndpoints)
        let readYourWrites =
            storage.changes.isShared
            ? try ReadYourWritesMiddleware(feed: storage.changes, isSecure: writer.cookie.isSecure, hostKey: plan.hostKey) : nil
        let hostPages = HostPageRoutes(
            registry: registry, storage: storage, pages: pages, metrics: http.metrics ? metrics : nil,
            beforeMetrics: {
                metrics.recordLive(streams: live.count, groups: live.groupCount, figures: live.counters.figures, evictions: live.evictions)
            })
        let language = LanguageRoutes(pages: pages)
        let allowed = AllowedMethods(routes: registry.routes.map { ($0.pattern, $0.method) } + (try language.methods()), getPaths: hostPages.paths)
        router.add(
            middleware: HostMiddleware(
                log: RequestLogMiddleware(logger: logger, metrics: http.metrics ? metrics : nil, trustedProxies: Set(http.trustedProxies)),
                feed: storage.changes, readYourWrites: readYourWrites, errors: ErrorPageMiddleware(standard: pages.standard, allowed: allowed)))
        try hostPages.add(to: router)
        language.add(to: router)
        // A page asked for with Accept: text/event-stream streams its scene (SceneEventStream).
        let caps = ConnectionLimits(settings: http, descriptors: DescriptorLimit.current()).streams
        ModuleRoutes(pages: pages, stream: SceneEventStream(live: live, caps: caps)).add(to: router)
        LocalAnswers.connect(pages, to: plan.localDelivery)
        return router
    }

    /// Answers one GET in-process through the page target, without a port or a router (`atrium
    /// render`): status, reason, where a redirect leads, and the body.
    package func answer(_ path: String, accept: String) async throws -> (status: Int, reason: String, location: String?, body: String) {
        let pages = makePages()
        LocalAnswers.connect(pages, to: plan.localDelivery)
        let request = PageRequest(method: .get, target: path, fields: PageFieldList([.accept: accept]), logger: logger)
        let answer = try await pages.answer(request)
        return (answer.status, HTTPResponse.Status(code: answer.status).reasonPhrase, answer.location, String(buffer: answer.body))
    }
}
