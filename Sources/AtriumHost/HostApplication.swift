import AtriumSDK
import Foundation
import Hummingbird
import Logging

/// The host's HTTP application, built from a ``HostPlan``: every module's routes, the home page,
/// the stylesheet and module assets, and the health checks.
public struct HostApplication: Sendable {
    public let plan: HostPlan
    public let storage: SQLiteStorage
    public let sessions: SessionStore
    let services: HostSceneServices
    let pages: PageWriter
    let logger: Logger

    /// Opens nothing itself: `storage` must be open and the modules' migrations run (see
    /// ``HostRuntime``). `replacements` swaps use-case factories, for tests.
    public init(
        plan: HostPlan,
        storage: SQLiteStorage,
        logger: Logger,
        replacements: [ObjectIdentifier: UseCaseFactory] = [:]
    ) throws {
        self.plan = plan
        self.storage = storage
        self.logger = logger
        sessions = SessionStore(storage: storage, signInMerges: plan.registry.signInMerges)
        services = HostSceneServices(registry: plan.registry, replacements: replacements)
        let registry = plan.registry
        pages = PageWriter(
            html: try HTMLRenderer(),
            links: LinkResolver(path: { registry.path(for: $0, parameters: $1) }),
            cookie: SessionCookie(isSecure: plan.settings.http.behindTLS)
        )
    }

    public func makeRouter() throws -> Router<AtriumRequestContext> {
        let registry = plan.registry
        // HEAD answers every GET route with its headers and no body (monitors use it).
        let router = Router(context: AtriumRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        let hostPaths = ["/", "/health/live", "/health/ready", "/favicon.ico", "/assets/atrium.css", "/assets/atrium.js"] + registry.assets.keys
        let allowed = AllowedMethods(
            routes: hostPaths.compactMap { path in (try? RoutePattern(path)).map { ($0, HTTPMethodName.get) } }
                + registry.routes.map { ($0.pattern, $0.method) }
        )
        router.add(middleware: ErrorPageMiddleware(pages: pages, allowed: allowed))

        let pages = self.pages
        router.get("/") { request, _ in
            try await pages.response(for: StandardScreens.home(entries: registry.entries), status: .ok, request: request, session: nil)
        }
        router.get("/health/live") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"live"}"#)))
        }
        let storage = self.storage
        router.get("/health/ready") { _, _ in
            let ready = await storage.isReady()
            return Response(
                status: ready ? .ok : .serviceUnavailable,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: ready ? #"{"status":"ready"}"# : #"{"status":"storage unavailable"}"#))
            )
        }

        // Browsers ask for it on every site; answer without a body rather than log a 404 each time.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        let stylesheet = try Self.resource("atrium", withExtension: "css")
        router.get("/assets/atrium.css") { _, _ in
            Self.asset(stylesheet, contentType: "text/css; charset=utf-8", maxAge: 3600)
        }
        let script = try Self.resource("atrium", withExtension: "js")
        router.get("/assets/atrium.js") { _, _ in
            Self.asset(script, contentType: "text/javascript; charset=utf-8", maxAge: 3600)
        }
        for asset in registry.assets.values {
            router.get(RouterPath(asset.path)) { _, _ in
                Self.asset(asset.contents, contentType: asset.contentType, maxAge: 86400)
            }
        }

        for route in registry.routes {
            let responder = SceneRouteResponder(route: route, storage: storage, sessions: sessions, services: services, pages: pages)
            let path = RouterPath(Self.hummingbirdPattern(route.pattern))
            switch route.method {
            case .get: router.get(path) { request, context in try await responder.respond(to: request, context: context) }
            case .post: router.post(path) { request, context in try await responder.respond(to: request, context: context) }
            }
        }
        return router
    }

    /// The application, listening where the configuration says, with the services that run beside
    /// it (expired sessions are removed every `purgeInterval`).
    public func makeApplication(purgeInterval: Duration = .seconds(3600)) throws -> some ApplicationProtocol {
        Application(
            router: try makeRouter(),
            configuration: .init(address: .hostname(plan.settings.http.host, port: plan.settings.http.port), serverName: "Atrium"),
            services: [SessionPurgeService(sessions: sessions, interval: purgeInterval, logger: logger)],
            logger: logger
        )
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

    static func asset(_ bytes: [UInt8], contentType: String, maxAge: Int) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "public, max-age=\(maxAge)", .xContentTypeOptions: "nosniff"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
