import AtriumObservability
import AtriumPages
import AtriumRendering
import AtriumRuntime
import AtriumSDK
import AtriumSchemas
import AtriumStorage
import AtriumSupport
import Foundation
import Hummingbird
import NIOCore

/// The host's own pages and files: the home page, the health checks, `/metrics`, `/openapi.json`,
/// the favicon, the stylesheet and script, and every module asset.
package struct HostPageRoutes: Sendable {
    let registry: HostRegistry
    let storage: any HostStorage
    let pages: PageService
    /// With `http.metrics`: what `/metrics` reports, after `beforeMetrics` recorded the figures
    /// other layers keep (live streams).
    let metrics: HostMetrics?
    let beforeMetrics: @Sendable () -> Void

    package init(
        registry: HostRegistry, storage: any HostStorage, pages: PageService, metrics: HostMetrics?, beforeMetrics: @escaping @Sendable () -> Void
    ) {
        self.registry = registry
        self.storage = storage
        self.pages = pages
        self.metrics = metrics
        self.beforeMetrics = beforeMetrics
    }

    /// Every path these routes answer with `GET` (for 405's `Allow`).
    package var paths: Set<String> {
        Set([
            "/", "/health/live", "/health/ready", "/favicon.ico", "/assets/atrium.css", "/assets/atrium.js", "/openapi.json", "/scene-schema.json",
            "/worker.js", "/manifest.webmanifest", "/assets/atrium-icon.svg",
        ])
        .union(metrics == nil ? [] : ["/metrics"]).union(registry.assets.keys)
    }

    package func add(to router: Router<AtriumRequestContext>) throws {
        let pages = self.pages
        router.get("/") { request, context in PageAdapter.response(try await pages.homePage(PageAdapter.pageRequest(request, context: context))) }
        // Made once: a monitor may ask many times a second.
        let live = Self.json(.ok, #"{"status":"live"}"#)
        router.get("/health/live") { _, _ in
            BootTrace.mark("health-live")
            return live
        }
        let storage = self.storage
        // Which build answers (``BuildID``): a load balancer or a rollout tells versions apart by it.
        let build = #","build":""# + BuildID.current + #"""#
        router.get("/health/ready") { _, _ in
            let ready = await storage.isReady()
            BootTrace.mark("health-ready")
            // Serving without caches is slower, not wrong: the host stays ready and says why.
            let feed = storage.changes.isVouched ? "" : #","changeFeed":"reconnecting: pages read the database until it is back""#
            return Self.json(
                ready ? .ok : .serviceUnavailable, (ready ? #"{"status":"ready""# : #"{"status":"storage unavailable""#) + feed + build + "}")
        }
        if let metrics {
            let (beforeMetrics, records) = (self.beforeMetrics, storage.changes.records)
            router.get("/metrics") { _, _ in
                beforeMetrics()
                metrics.recordLoads(records.loads)
                return Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
            }
        }
        // Made once, when first asked for (not at boot): the registry does not change while this router serves.
        let (registry, showsMetrics) = (self.registry, metrics != nil)
        let openAPI = LazyResponseBody(contentType: "application/json") {
            OpenAPIDocument.bytes(registry: registry, title: "Atrium", metrics: showsMetrics)
        }
        router.get("/openapi.json") { request, _ in openAPI.response(to: request) }
        let sceneSchema = LazyResponseBody(contentType: "application/json") { SceneJSONSchema.bytes() }
        router.get("/scene-schema.json") { request, _ in sceneSchema.response(to: request) }
        // Browsers ask for it on every site; answer without a body rather than log a 404 each time
        // (and let them keep that answer for a day).
        router.get("/favicon.ico") { _, _ in Response(status: .noContent, headers: [.cacheControl: "public, max-age=86400"]) }
        let stylesheet = FixedResponse(PackageResources.atrium_css, contentType: "text/css; charset=utf-8", maxAge: 3600)
        router.get("/assets/atrium.css") { _, _ in stylesheet.response }
        let script = FixedResponse(PackageResources.atrium_js, contentType: "text/javascript; charset=utf-8", maxAge: 3600)
        router.get("/assets/atrium.js") { _, _ in script.response }
        // The web app (Documentation/native-clients.md): its manifest, icon and service worker. The worker
        // carries the build's id, so each build is a new worker for the browser; asked again before
        // each use (no-cache, with a tag), as browsers ask for a worker at least daily anyway.
        let worker = LazyResponseBody(contentType: "text/javascript; charset=utf-8") {
            Array(
                String(decoding: PackageResources.atrium_worker_js, as: UTF8.self).replacingOccurrences(of: "__ATRIUM_BUILD__", with: BuildID.current)
                    .utf8)
        }
        router.get("/worker.js") { request, _ in worker.response(to: request) }
        let manifest = LazyResponseBody(contentType: "application/manifest+json") { Array(Self.webAppManifest.utf8) }
        router.get("/manifest.webmanifest") { request, _ in manifest.response(to: request) }
        let icon = FixedResponse(PackageResources.atrium_icon_svg, contentType: "image/svg+xml", maxAge: 86400)
        router.get("/assets/atrium-icon.svg") { _, _ in icon.response }
        // One route for every module asset (the Cookbook ships one per dish): a dictionary lookup
        // rather than a branch of the router per file. Literal paths above win over the wildcard.
        let assets = registry.assets.mapValues { FixedResponse($0.contents, contentType: $0.contentType, maxAge: 86400) }
        if !assets.isEmpty {
            router.get("/assets/**") { request, _ in
                guard let asset = assets[request.uri.path] else { throw HTTPError(.notFound) }
                return asset.response
            }
        }
    }

    /// What makes the pages an installable app: its name, where it starts, and its icon.
    static let webAppManifest = """
        {"name":"Atrium","short_name":"Atrium","start_url":"/","scope":"/","display":"standalone",\
        "background_color":"#ffffff","theme_color":"#1f4e79",\
        "icons":[{"src":"/assets/atrium-icon.svg","sizes":"any","type":"image/svg+xml","purpose":"any"}]}
        """

    /// A health check's answer: never kept by a proxy in front (a stale "ready" misleads a balancer).
    private static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
