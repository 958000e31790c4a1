@_spi(AtriumHost) import AtriumSDK
import Foundation
import Hummingbird
import Logging

/// Answers a scene route once its middleware has filled the request context (parameters, session,
/// checked action): builds the scene's context, runs the scene (``SceneRunner``), and writes its
/// screen or redirect.
struct SceneResponder: Sendable {
    let route: RouteRegistration
    let respond: @Sendable (SceneRequest) async -> SceneResponse
    let storage: any HostStorage
    let sessions: SessionStore
    let host: HostSceneHost
    let pages: PageWriter
    let trustedProxies: Set<String>
    /// The host's logger tagged with the route's module, made once at boot.
    let logger: Logger
    /// Told what each request's scene read, when someone listens.
    let readsObserver: (@Sendable (SceneReads) -> Void)?
    /// For a page: its event stream, for requests that ask for one.
    var events: (@Sendable (SceneResponder) -> SceneEventStream)?

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        if let events, context.format(of: request).isEventStream {
            return try await events(self).response(to: request, context: context)
        }
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
        let sceneContext = SceneContext(
            moduleID: route.moduleID,
            parameters: context.routeValues,
            returnTo: RouteValues.returnTo(of: request),
            clientAddress: ClientAddress.resolve(
                peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor], trustedProxies: trustedProxies),
            session: session,
            storage: OwnerRecordStore(storage: storage, module: route.moduleID, session: session, quota: sessions.visitorLimits),
            logger: logger,
            host: host
        )
        let retryPath =
            route.method == .get ? request.uri.path + (request.uri.query.map { "?\($0)" } ?? "") : (Self.localReferer(of: request) ?? "/")
        return SceneRequest(context: sceneContext, input: context.action, retryPath: retryPath)
    }

    static func localReferer(of request: Request) -> String? {
        guard let referer = request.headers[.referer], let url = URL(string: referer) else { return nil }
        return LocalPath.validated(url.path.isEmpty ? nil : url.path)
    }
}
