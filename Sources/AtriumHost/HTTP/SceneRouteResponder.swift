@_spi(AtriumHost) import AtriumSDK
import Foundation
import Hummingbird
import Logging

/// Serves one scene route: checks parameter types, the body's syntax, the anti-forgery token and
/// the guard, runs the scene, and writes its screen or redirect.
struct SceneRouteResponder: Sendable {
    let route: RouteRegistration
    let respond: @Sendable (SceneRequest) async -> SceneResponse
    let storage: any HostStorage
    let sessions: SessionStore
    let services: HostSceneServices
    let pages: PageWriter
    let trustedProxies: Set<String>
    /// The host's logger tagged with the route's module, made once at boot.
    let logger: Logger

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        guard let values = RouteValues.extract(for: route, from: request, context: context) else { throw HTTPError(.notFound) }

        let session = RequestSession(store: sessions, token: pages.cookie.token(in: request))
        var input: FormActionInput?
        if route.method == .post {
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > context.maxUploadSize {
                throw HTTPError(.contentTooLarge)
            }
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            let action = FormActionInput(body: String(buffer: body), contentType: request.headers[.contentType])
            if let problem = action.syntaxProblem {
                logger.notice("POST refused: unreadable body", metadata: ["path": "\(request.uri.path)"])
                let back = Self.localReferer(of: request) ?? "/"
                return try await pages.response(
                    for: StandardScreens.badRequest(problem, back: back), status: .badRequest, request: request, session: nil, logger: logger)
            }
            let token = request.headers[.csrfToken] ?? action.csrfToken
            switch try await session.check(csrfToken: token, policy: route.formTokens) {
            case .accepted:
                break
            case .fromReplacedSession:
                logger.notice("POST refused: form from before a sign-in or sign-out", metadata: ["path": "\(request.uri.path)"])
                return try await pages.response(
                    for: StandardScreens.formFromReplacedSession, status: .forbidden, request: request, session: session, logger: logger)
            case .refused:
                logger.notice("POST refused: missing or invalid anti-forgery token", metadata: ["path": "\(request.uri.path)"])
                return try await pages.response(
                    for: StandardScreens.forbidden, status: .forbidden, request: request, session: session, logger: logger)
            }
            input = action
        }

        let currentPath = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
        if route.guard == .signedIn, try await !isSignedIn(session) {
            let signIn = services.registry.pagePath(for: .signIn) ?? "/"
            let returnTo = route.method == .get ? LocalPath.validated(currentPath) : nil
            return await pages.redirect(to: signIn + QueryText.encode(returnTo.map { [("returnTo", $0)] } ?? []), session: session)
        }

        let sceneContext = SceneContext(
            moduleID: route.moduleID,
            parameters: values,
            returnTo: RouteValues.returnTo(of: request),
            clientAddress: ClientAddress.resolve(
                peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor], trustedProxies: trustedProxies),
            session: session,
            storage: OwnerRecordStore(storage: storage, module: route.moduleID, session: session, quota: sessions.visitorLimits),
            logger: logger,
            services: services
        )
        let retryPath = route.method == .get ? currentPath : (Self.localReferer(of: request) ?? "/")
        switch await respond(SceneRequest(context: sceneContext, input: input, retryPath: retryPath)) {
        case .screen(let screen, let status):
            return try await pages.response(
                for: screen, status: HTTPResponse.Status(code: status.code), request: request, session: session, moduleID: route.moduleID,
                logger: logger)
        case .redirect(let target):
            return await pages.redirect(to: pages.links.path(of: target, for: route.moduleID, logger: logger) ?? "/", session: session)
        }
    }

    private func isSignedIn(_ session: RequestSession) async throws -> Bool {
        guard let userID = try await session.userID, let users = services.registry.capability(.currentUser) else { return false }
        return try await users.user(withID: userID) != nil
    }

    static func localReferer(of request: Request) -> String? {
        guard let referer = request.headers[.referer], let url = URL(string: referer) else { return nil }
        return LocalPath.validated(url.path.isEmpty ? nil : url.path)
    }
}
