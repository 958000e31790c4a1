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
    /// The screens this host's pages answered lately (one for all routes of a serving generation),
    /// and this route's place among them.
    let answers: KeptAnswers
    let routeIndex: Int

    @inline(__always)  // picks the page or the action: no async frame of its own on every request
    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        let session = context.session ?? RequestSession(store: sessions, token: pages.cookie.token(in: request))
        guard route.method == .get else {
            // An action may change what no record shows (a remote service's data): its module's
            // pages load again, unless it was refused (then it changed nothing).
            let response: Response
            do {
                response = try await perform(request, context: context, session: session)
            } catch {
                answers.forget(module: route.moduleID)
                throw error
            }
            if KeptAnswers.mayHaveChanged(response.status.code) { answers.forget(module: route.moduleID) }
            return response
        }
        return try await respondToPage(request, context: context, session: session)
    }

    /// A page: the screen kept from an earlier load while nothing it read changed (``KeptAnswers``),
    /// else the scene's, kept when it can be.
    private func respondToPage(_ request: Request, context: AtriumRequestContext, session: RequestSession) async throws -> Response {
        let path = request.uri.string
        let token = session.cookieToken
        if let kept = answers.answer(route: routeIndex, path: path, token: token, now: .now),
            kept.isFor(kept.readsVisitor ? await Self.visitor(of: session) : nil)
        {
            context.span?.attributes["atrium.answer"] = "kept"
            return try await pages.response(
                for: kept.screen, status: .ok, request: request, context: context, session: session, moduleID: route.moduleID, logger: logger)
        }
        let start = answers.start(module: route.moduleID)
        let log = RecordReadLog()
        let answer = await log.recording { await respond(sceneRequest(for: request, context: context, session: session)) }
        if let readsObserver, let sceneID = route.sceneID {
            readsObserver(SceneReads(sceneID: sceneID, method: route.method, path: path, reads: log.all))
        }
        if case .screen(let screen, let status) = answer, status == .ok {
            answers.keep(
                screen, for: routeIndex, path: path, token: token, module: route.moduleID, log: log, session: session.readRecord,
                cookieChanged: session.cookieChange != nil, since: start)
        }
        return try await write(answer, request: request, context: context, session: session)
    }

    /// The session as a step before read it (the guard: no await), else read now (nil when it
    /// cannot be read: then no answer is given for it).
    private static func visitor(of session: RequestSession) async -> SessionRecord? {
        if let read = session.readRecord { return read }
        return try? await session.current()
    }

    /// An action: the scene performs it (told to the reads' observer, when someone listens).
    private func perform(_ request: Request, context: AtriumRequestContext, session: RequestSession) async throws -> Response {
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
        return try await write(answer, request: request, context: context, session: session)
    }

    private func write(_ answer: SceneResponse, request: Request, context: AtriumRequestContext, session: RequestSession) async throws -> Response {
        var response: Response
        switch answer {
        case .screen(let screen, let status):
            response = try await pages.response(
                for: screen, status: HTTPResponse.Status(code: status.code), request: request, context: context, session: session,
                moduleID: route.moduleID,
                logger: logger)
        case .redirect(let target):
            response = await pages.redirect(to: pages.links.path(of: target, for: route.moduleID, logger: logger) ?? "/", session: session)
        }
        // A scene is where a module signs someone in: the account's language comes with the session.
        if pages.accountLanguages != nil, let userID = session.userSignedInNow {
            await pages.applyAccountLanguage(of: userID, request: request, to: &response, logger: logger)
        }
        return response
    }

    /// The scene's request: its context (the session given, the module's records for it) and input.
    func sceneRequest(for request: Request, context: AtriumRequestContext, session: RequestSession) -> SceneRequest {
        let retryPath =
            route.method == .get ? request.uri.path + (request.uri.query.map { "?\($0)" } ?? "") : (Self.localReferer(of: request) ?? "/")
        return SceneRequest(
            context: sceneContext(
                routeValues: context.routeValues, returnTo: RouteValues.returnTo(of: request),
                clientAddress: clientAddress(of: request, context: context), session: session, language: pages.language(of: request)),
            input: context.action, retryPath: retryPath)
    }

    /// A GET of this route's page at `path`, made without a request (a live group renders its page
    /// from its key: the page's address, its language and a session).
    package func sceneRequest(
        path: String, routeValues: [String: String], returnTo: String?, clientAddress: String, session: RequestSession, language: String?
    ) -> SceneRequest {
        SceneRequest(
            context: sceneContext(
                routeValues: routeValues, returnTo: returnTo, clientAddress: clientAddress, session: session, language: language),
            input: nil, retryPath: path)
    }

    /// The scene's context; `language` nil: the default (a host offering one language).
    private func sceneContext(
        routeValues: [String: String], returnTo: String?, clientAddress: String, session: RequestSession, language chosen: String?
    ) -> SceneContext {
        SceneContext(
            moduleID: route.moduleID,
            parameters: routeValues,
            returnTo: returnTo,
            clientAddress: clientAddress,
            session: session,
            storage: OwnerRecordStore(storage: storage, module: route.moduleID, session: session, quota: sessions.visitorLimits),
            logger: logger,
            host: host,
            language: chosen ?? pages.translations.defaultLanguage,
            words: pages.translations
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
