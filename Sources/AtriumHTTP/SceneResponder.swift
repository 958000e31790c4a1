import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import Hummingbird
import Logging

/// Answers a scene route once its middleware has filled the request context (parameters, session,
/// checked action): builds the scene's context, runs the scene (``SceneRunner``), and writes its
/// screen or redirect.
package struct SceneResponder: Sendable {
    package let route: RouteRegistration
    package let respond: @Sendable (SceneRequest) async -> SceneResponse
    /// For a page: how to build its scene once for renders of one context (``RouteRegistration/PagePreparation``).
    package let preparePage: RouteRegistration.PagePreparation?
    let storage: any HostStorage
    package let sessions: SessionStore
    let host: HostSceneHost
    package let pages: PageWriter
    let trustedProxies: Set<String>
    /// The host's logger tagged with the route's module, made once at boot.
    package let logger: Logger
    /// Told what each request's scene read, when someone listens.
    let readsObserver: (@Sendable (SceneReads) -> Void)?

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        let session = context.session ?? RequestSession(store: sessions, token: pages.cookie.token(in: request))
        let sceneRequest = self.sceneRequest(for: request, context: context, session: session)
        let answer: SceneResponse
        if let readsObserver, let sceneID = route.sceneID {
            let log = RecordReadLog()
            answer = await log.recording { await respond(sceneRequest) }
            let path = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
            readsObserver(SceneReads(sceneID: sceneID, method: route.method, path: path, reads: log.all))
        } else {
            answer = await respond(sceneRequest)
        }
        switch answer {
        case .screen(let screen, let status):
            return try await pages.response(
                for: screen, status: HTTPResponse.Status(code: status.code), request: request, context: context, session: session,
                moduleID: route.moduleID,
                logger: logger)
        case .redirect(let target):
            return await pages.redirect(to: pages.links.path(of: target, for: route.moduleID, logger: logger) ?? "/", session: session)
        }
    }

    /// The scene's request: its context (the session given, the module's records for it) and input.
    func sceneRequest(for request: Request, context: AtriumRequestContext, session: RequestSession) -> SceneRequest {
        let retryPath =
            route.method == .get ? request.uri.path + (request.uri.query.map { "?\($0)" } ?? "") : (Self.localReferer(of: request) ?? "/")
        return SceneRequest(
            context: sceneContext(
                routeValues: context.routeValues, returnTo: RouteValues.returnTo(of: request),
                clientAddress: clientAddress(of: request, context: context), session: session),
            input: context.action, retryPath: retryPath)
    }

    /// A GET of this route's page at `path`, made without a request (a live group renders its page
    /// from its key: the page's address and a session).
    package func sceneRequest(
        path: String, routeValues: [String: String], returnTo: String?, clientAddress: String, session: RequestSession
    ) -> SceneRequest {
        SceneRequest(
            context: sceneContext(routeValues: routeValues, returnTo: returnTo, clientAddress: clientAddress, session: session), input: nil,
            retryPath: path)
    }

    private func sceneContext(routeValues: [String: String], returnTo: String?, clientAddress: String, session: RequestSession) -> SceneContext {
        SceneContext(
            moduleID: route.moduleID,
            parameters: routeValues,
            returnTo: returnTo,
            clientAddress: clientAddress,
            session: session,
            storage: OwnerRecordStore(storage: storage, module: route.moduleID, session: session, quota: sessions.visitorLimits),
            logger: logger,
            host: host
        )
    }

    /// Who sent `request`, after trusted proxies (``ClientAddress``).
    package func clientAddress(of request: Request, context: AtriumRequestContext) -> String {
        ClientAddress.resolve(peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor], trustedProxies: trustedProxies)
    }

    static func localReferer(of request: Request) -> String? {
        guard let referer = request.headers[.referer], let url = URL(string: referer) else { return nil }
        return LocalPath.validated(url.path.isEmpty ? nil : url.path)
    }
}
