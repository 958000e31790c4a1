@_spi(AtriumHost) import AtriumSDK
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The host's HTTP application, built from a ``HostPlan``: every module's routes and endpoints, the
/// home page, the stylesheet and module assets, and the health checks.
public struct HostApplication: Sendable {
    public let plan: HostPlan
    public let storage: any HostStorage
    public let sessions: SessionStore
    let host: HostSceneHost
    let pages: PageWriter
    var metrics: HostMetrics { plan.metrics }
    let logger: Logger
    let readsObserver: (@Sendable (SceneReads) -> Void)?

    /// Opens nothing itself: `storage` must be open and the modules' migrations run (see
    /// ``HostRuntime``). `readsObserver` is told what each request's scene read.
    public init(
        plan: HostPlan, storage: any HostStorage, logger: Logger, readsObserver: (@Sendable (SceneReads) -> Void)? = nil
    ) throws {
        self.plan = plan
        self.storage = storage
        self.logger = logger
        self.readsObserver = readsObserver
        let metrics = plan.metrics
        sessions = try SessionStore(
            storage: storage, hostKey: plan.hostKey, signInMerges: plan.registry.signInMerges,
            visitorLimits: plan.settings.storage.visitorLimits, sessionManager: plan.registry.provider(of: .currentUser),
            onCreate: { metrics.recordSessionCreated() })
        host = HostSceneHost(registry: plan.registry, flags: plan.flags)
        pages = PageWriter(
            links: LinkResolver(registry: plan.registry),
            cookie: SessionCookie(isSecure: plan.settings.http.behindTLS),
            cache: PageCache(),
            shell: AppShell(entries: plan.registry.entries)
        )
    }

    public func makeRouter() throws -> Router<AtriumRequestContext> {
        let registry = plan.registry
        // HEAD answers every GET route with its headers and no body (monitors use it).
        let router = Router(context: AtriumRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(
            middleware: RequestLogMiddleware(
                logger: logger, metrics: plan.settings.http.metrics ? metrics : nil, trustedProxies: Set(plan.settings.http.trustedProxies)))
        router.add(middleware: SecurityHeadersMiddleware())
        if storage.changes.isShared {
            router.add(middleware: try ReadYourWritesMiddleware(feed: storage.changes, isSecure: pages.cookie.isSecure, hostKey: plan.hostKey))
        }
        let hostPaths =
            ["/", "/health/live", "/health/ready", "/favicon.ico", "/assets/atrium.css", "/assets/atrium.js"]
            + (plan.settings.http.metrics ? ["/metrics"] : []) + ["/openapi.json"]
        let allowed = AllowedMethods(
            routes: registry.routes.map { ($0.pattern, $0.method) }, getPaths: Set(hostPaths).union(registry.assets.keys))
        router.add(middleware: ErrorPageMiddleware(pages: pages, allowed: allowed))

        let pages = self.pages
        let home = StandardScreens.home(entries: registry.entries)
        router.get("/") { request, context in
            try await pages.response(for: home, status: .ok, request: request, context: context, session: nil, logger: context.logger)
        }
        router.get("/health/live") { _, _ in
            BootTrace.mark("health-live")
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"live"}"#)))
        }
        let storage = self.storage
        router.get("/health/ready") { _, _ in
            let ready = await storage.isReady()
            // Serving without caches is slower, not wrong: the host stays ready and says why.
            let feed = storage.changes.isVouched ? "" : #","changeFeed":"reconnecting: pages read the database until it is back""#
            return Response(
                status: ready ? .ok : .serviceUnavailable,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: (ready ? #"{"status":"ready""# : #"{"status":"storage unavailable""#) + feed + "}"))
            )
        }

        if plan.settings.http.metrics {
            let (metrics, live, records) = (self.metrics, storage.changes.live, storage.changes.records)
            router.get("/metrics") { _, _ in
                metrics.recordLive(
                    streams: live.count, groups: live.groupCount, figures: live.counters.figures, evictions: live.evictions,
                    recordLoads: records.loads)
                return Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
            }
        }

        // Made once, when first asked for (not at boot): the registry does not change while this router serves.
        let showsMetrics = plan.settings.http.metrics
        let openAPI = LazyResponseBody { OpenAPIDocument.bytes(registry: registry, title: "Atrium", metrics: showsMetrics) }
        router.get("/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: openAPI.buffer))
        }

        // Browsers ask for it on every site; answer without a body rather than log a 404 each time.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        let stylesheet = FixedResponse(try Self.resource("atrium", withExtension: "css"), contentType: "text/css; charset=utf-8", maxAge: 3600)
        router.get("/assets/atrium.css") { _, _ in stylesheet.response }
        let script = FixedResponse(try Self.resource("atrium", withExtension: "js"), contentType: "text/javascript; charset=utf-8", maxAge: 3600)
        router.get("/assets/atrium.js") { _, _ in script.response }
        // One route for every module asset (the Cookbook ships one per dish): a dictionary lookup
        // rather than a branch of the router per file. Literal paths above win over the wildcard.
        let assets = registry.assets.mapValues { FixedResponse($0.contents, contentType: $0.contentType, maxAge: 86400) }
        if !assets.isEmpty {
            router.get("/assets/**") { request, _ in
                guard let asset = assets[request.uri.path] else { throw HTTPError(.notFound) }
                return asset.response
            }
        }

        // A page asked for with Accept: text/event-stream streams its scene (SceneEventStream).
        let live = storage.changes.live
        let caps = ConnectionLimits(settings: plan.settings.http, descriptors: DescriptorLimit.current()).streams
        let liveEvents: @Sendable (SceneResponder) -> SceneEventStream = { responder in
            SceneEventStream(responder: responder, live: live, registry: registry, caps: caps)
        }
        for route in registry.routes {
            let path = RouterPath(Self.hummingbirdPattern(route.pattern))
            let logger = self.logger.with(module: route.moduleID)
            // A scene route's steps are middleware, in order: its parameters, the session, the
            // action's body and token, the guard; then the scene (composed in SceneRoutePipeline).
            let parameters = RouteParametersMiddleware(route: route)
            let handle: @Sendable (Request, AtriumRequestContext) async throws -> Response
            switch route.handler {
            case .scene(let respond):
                let pipeline = SceneRoutePipeline(
                    parameters: parameters,
                    session: SessionMiddleware(sessions: sessions, cookie: pages.cookie),
                    formToken: route.method == .post ? FormTokenMiddleware(policy: route.formTokens, pages: pages, logger: logger) : nil,
                    signedIn: route.guard == .signedIn ? SignedInGuardMiddleware(registry: registry, pages: pages) : nil,
                    scene: SceneResponder(
                        route: route, respond: respond, storage: storage, sessions: sessions, host: host, pages: pages,
                        trustedProxies: Set(plan.settings.http.trustedProxies), logger: logger, readsObserver: readsObserver,
                        events: route.method == .get ? liveEvents : nil))
                handle = { request, context in try await pipeline.respond(to: request, context: context) }
            case .endpoint(let respond):
                let responder = EndpointResponder(route: route, handle: respond, storage: storage, logger: logger)
                handle = { request, context in
                    try await parameters.handle(request, context: context) { request, context in
                        try await responder.respond(to: request, context: context)
                    }
                }
            }
            switch route.method {
            case .get: router.get(path, use: handle)
            case .post: router.post(path, use: handle)
            }
        }
        plan.localDelivery.connect(router)
        return router
    }

    /// Answers one GET in-process, through the host's own router and without a port (`atrium
    /// render`): status, reason, where a redirect leads, and the body.
    public func answer(_ path: String, accept: String) async throws -> (status: Int, reason: String, location: String?, body: String) {
        let responder = try makeRouter().buildResponder()
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path, headerFields: [.accept: accept]),
            body: RequestBody(buffer: ByteBuffer())
        )
        let response = try await responder.respond(to: request, context: AtriumRequestContext(logger: logger))
        let collected = CollectedBody()
        try await response.body.write(CollectingBodyWriter(collected: collected))
        return (Int(response.status.code), response.status.reasonPhrase, response.headers[.location], String(buffer: collected.buffer))
    }

    static func hummingbirdPattern(_ pattern: RoutePattern) -> String {
        "/"
            + pattern.segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name, _): "{\(name)}"
                }
            }.joined(separator: "/")
    }

    static func resource(_ name: String, withExtension ext: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Resources") else {
            throw RendererError.missingResource("\(name).\(ext)")
        }
        return Array(try Data(contentsOf: url))
    }
}

/// What a response wrote, for a request answered in-process.
final class CollectedBody: @unchecked Sendable {
    var buffer = ByteBuffer()
}

/// Keeps what a response writes in a ``CollectedBody``.
struct CollectingBodyWriter: ResponseBodyWriter {
    let collected: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        collected.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
