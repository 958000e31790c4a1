import AtriumActions
import AtriumListener
import AtriumLocalization
import AtriumObservability
import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import Logging

/// One scene route, made once at boot: turns its requests into answers. Every request takes the
/// same first steps (``admit(_:)``): the route's parameters, the visitor's session (read from the
/// cookie when first asked: a page that never asks reads nothing), for a POST its body, read once,
/// and its anti-forgery token, for a guarded route the signed-in check; the request's format and
/// language are worked out there, once. Then a page is answered from the screen its last load made
/// while nothing that load read has changed (``LoadCache``), else by its scene; an action by its
/// scene. A live stream (AtriumLive) takes the same first steps, then streams.
package final class SceneRouteAnswerer: Sendable {
    package let route: RouteRegistration
    package let respond: @Sendable (SceneRequest) async -> SceneResponse
    /// For a page: how to build its scene once for renders of one context (``RouteRegistration/PagePreparation``).
    package let preparePage: RouteRegistration.PagePreparation?
    let storage: any HostStorage
    package let sessions: SessionStore
    let host: RegistrySceneHost
    package let writer: AnswerWriter
    let trustedProxies: Set<String>
    /// The host's logger tagged with the route's module, made once at boot.
    package let logger: Logger
    /// Told what each request's scene read, when someone listens.
    let readsObserver: (@Sendable (SceneReads) -> Void)?
    /// The screens this host's pages answered lately (one for all routes of a serving generation),
    /// and this route's place among them.
    let loads: LoadCache
    let routeIndex: Int
    /// The route's guard, when it has one.
    package let signedIn: SignedInCheck?
    package let standard: StandardAnswers
    /// Where actions sent with an ``IdempotencyKey`` are done once (nil: keys are not looked at).
    let actions: IdempotentActions?

    /// What every scene route of a generation shares.
    struct Shared: Sendable {
        var storage: any HostStorage
        var sessions: SessionStore
        var host: RegistrySceneHost
        var writer: AnswerWriter
        var trustedProxies: Set<String>
        var logger: Logger
        var readsObserver: (@Sendable (SceneReads) -> Void)?
        var loads: LoadCache
        var signedIn: SignedInCheck
        var standard: StandardAnswers
        var actions: IdempotentActions?
    }

    init(
        route: RouteRegistration, respond: @escaping @Sendable (SceneRequest) async -> SceneResponse,
        preparePage: RouteRegistration.PagePreparation?, routeIndex: Int, shared: Shared
    ) {
        self.route = route
        self.respond = respond
        self.preparePage = preparePage
        self.routeIndex = routeIndex
        storage = shared.storage
        sessions = shared.sessions
        host = shared.host
        writer = shared.writer
        trustedProxies = shared.trustedProxies
        logger = shared.logger.with(module: route.moduleID)
        readsObserver = shared.readsObserver
        loads = shared.loads
        signedIn = route.guard == .signedIn ? shared.signedIn : nil
        standard = shared.standard
        actions = shared.actions
    }

    /// A request past the route's first steps: its parameters, its session, its format and
    /// language, and for an action its body, read.
    package struct Admitted: Sendable {
        package let page: AnswerWriter.Request
        package let routeValues: [String: String]
        package let session: RequestSession
        let input: FormInput?
        /// An action's key, when it was sent one.
        let idempotencyKey: IdempotencyKey?

        package var request: PageRequest { page.page }
    }

    /// The steps every request of the route takes first; an answer instead when one refuses it (a
    /// parameter that does not fit, an unreadable body, a wrong token, the guard).
    package func admit(_ request: PageRequest) async throws -> Result<Admitted, Refusal> {
        if let span = request.span {
            span.attributes["atrium.module"] = route.moduleID
            if let sceneID = route.sceneID { span.attributes["atrium.scene"] = sceneID }
        }
        guard let values = RouteValues.extract(for: route, from: request) else { return .failure(.notFound) }
        let session = RequestSession(store: sessions, token: writer.cookie.token(in: request))
        let page = writer.request(request, session: session)
        var input: FormInput?
        var key: IdempotencyKey?
        if request.method == .post {
            switch try await ActionBody.read(page, policy: route.formTokens, standard: standard, logger: logger) {
            case .success(let checked): input = checked
            case .failure(let refusal): return .failure(refusal)
            }
            if let sent = request.fields.value(.idempotencyKey) ?? input?.idempotencyKey {
                guard let valid = IdempotencyKey(sent) else {
                    logger.notice("POST refused: malformed Idempotency-Key", metadata: ["path": "\(request.path)"])
                    let screen = StandardScreens.badRequest(
                        "its Idempotency-Key must be 1 to 255 visible ASCII characters", back: request.localReferer ?? "/")
                    return .failure(.answer(try await standard.answer(screen, status: 400, page, logger: logger)))
                }
                key = valid
            }
        }
        if let signedIn, try await !signedIn.admits(session) {
            let returnTo = request.method == .get ? request.target : nil
            return .failure(.answer(writer.redirect(to: signedIn.signInPath(returningTo: returnTo), session: session)))
        }
        return .success(Admitted(page: page, routeValues: values, session: session, input: input, idempotencyKey: key))
    }

    /// Why a request was not admitted: no such page, or the answer that says why.
    package enum Refusal: Error, Sendable {
        case notFound
        case answer(PageAnswer)
    }

    /// Answers a request of this route (its live stream aside).
    package func answer(_ request: PageRequest) async throws -> PageAnswer {
        let admitted: Admitted
        switch try await admit(request) {
        case .success(let request): admitted = request
        case .failure(.notFound): return try await standard.notFound(request)
        case .failure(.answer(let answer)): return answer
        }
        guard route.method == .get else { return try await act(admitted) }
        return try await page(admitted)
    }

    /// An action, done once per key when it was sent one (``IdempotentActions``): a repeat is
    /// answered what the first was.
    private func act(_ admitted: Admitted) async throws -> PageAnswer {
        guard let key = admitted.idempotencyKey, let actions, let session = try await admitted.session.current() else {
            return try await performForgetting(admitted)
        }
        let request = admitted.request
        let fingerprint = IdempotencyKey.fingerprint(
            method: request.method.rawValue, target: request.target, body: request.body, isJSON: admitted.input?.isJSON ?? false)
        return try await actions.perform(
            key: key, owner: IdempotencyKey.owner(of: session), fingerprint: fingerprint, act: { try await performForgetting(admitted) },
            refuse: { refusal in
                switch refusal {
                case .mismatch:
                    logger.notice("POST refused: Idempotency-Key used for another action", metadata: ["path": "\(request.path)"])
                    return try await standard.answer(StandardScreens.keyUsedForAnotherAction, status: 422, admitted.page, logger: logger)
                case .inProgress:
                    var answer = try await standard.answer(StandardScreens.actionInProgress, status: 409, admitted.page, logger: logger)
                    answer.extra.append((name: "Retry-After", value: "1"))
                    return answer
                }
            })
    }

    /// An action performed: it may change what no record shows (a remote service's data), so its
    /// module's pages load again, unless it was refused (then it changed nothing).
    private func performForgetting(_ admitted: Admitted) async throws -> PageAnswer {
        let answer: PageAnswer
        do {
            answer = try await perform(admitted)
        } catch {
            loads.forget(module: route.moduleID)
            throw error
        }
        if LoadCache.mayHaveChanged(answer.status) { loads.forget(module: route.moduleID) }
        return answer
    }

    /// A page: the screen kept from an earlier load while nothing it read changed (``LoadCache``),
    /// else the scene's, kept when it can be.
    private func page(_ admitted: Admitted) async throws -> PageAnswer {
        let (request, session) = (admitted.request, admitted.session)
        let path = request.target
        let token = session.cookieToken
        if let kept = loads.answer(route: routeIndex, path: path, token: token, now: .now),
            kept.isFor(kept.readsVisitor ? await Self.visitor(of: session) : nil)
        {
            request.span?.attributes["atrium.answer"] = "kept"
            return try await writer.answer(for: kept.screen, status: 200, admitted.page, moduleID: route.moduleID, logger: logger)
        }
        let start = loads.start(module: route.moduleID)
        let log = RecordReadLog()
        let answer = await log.recording { await respond(sceneRequest(for: admitted)) }
        if let readsObserver, let sceneID = route.sceneID {
            readsObserver(SceneReads(sceneID: sceneID, method: route.method, path: path, reads: log.all))
        }
        if case .screen(let screen, let status) = answer, status == .ok {
            loads.keep(
                screen, for: routeIndex, path: path, token: token, module: route.moduleID, log: log, session: session.readRecord,
                cookieChanged: session.cookieChange != nil, since: start)
        }
        return try await write(answer, admitted)
    }

    /// The session as a step before read it (the guard: no await), else read now (nil when it
    /// cannot be read: then no answer is given for it).
    private static func visitor(of session: RequestSession) async -> SessionRecord? {
        if let read = session.readRecord { return read }
        return try? await session.current()
    }

    /// An action: the scene performs it (told to the reads' observer, when someone listens).
    private func perform(_ admitted: Admitted) async throws -> PageAnswer {
        let sceneRequest = self.sceneRequest(for: admitted)
        let answer: SceneResponse
        if let readsObserver, let sceneID = route.sceneID {
            let log = RecordReadLog()
            answer = await log.recording { await respond(sceneRequest) }
            readsObserver(SceneReads(sceneID: sceneID, method: route.method, path: admitted.request.target, reads: log.all))
        } else {
            answer = await respond(sceneRequest)
        }
        return try await write(answer, admitted)
    }

    private func write(_ answer: SceneResponse, _ admitted: Admitted) async throws -> PageAnswer {
        var written: PageAnswer
        switch answer {
        case .screen(let screen, let status):
            written = try await writer.answer(for: screen, status: status.code, admitted.page, moduleID: route.moduleID, logger: logger)
        case .redirect(let target):
            written = writer.redirect(to: writer.links.path(of: target, for: route.moduleID, logger: logger) ?? "/", session: admitted.session)
        }
        // A scene is where a module signs someone in: the account's language comes with the session.
        if writer.accountLanguages != nil, let userID = admitted.session.userSignedInNow,
            let cookie = await writer.accountLanguageCookie(of: userID, request: admitted.request, logger: logger)
        {
            written.cookies.append(cookie)
        }
        return written
    }

    /// The scene's request: its context (the session given, the module's records for it) and input.
    private func sceneRequest(for admitted: Admitted) -> SceneRequest {
        let request = admitted.request
        let retryPath = route.method == .get ? request.target : (request.localReferer ?? "/")
        return SceneRequest(
            context: sceneContext(
                routeValues: admitted.routeValues, returnTo: request.returnTo, clientAddress: clientAddress(of: request),
                session: admitted.session, language: admitted.page.language),
            input: admitted.input, retryPath: retryPath)
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
            language: chosen ?? writer.translations.defaultLanguage,
            words: writer.translations
        )
    }

    /// Who sent `request`, after trusted proxies (``ClientAddress``).
    package func clientAddress(of request: PageRequest) -> String {
        ClientAddress.resolve(peer: request.peerAddress, forwardedFor: request.fields.values(.forwardedFor), trustedProxies: trustedProxies)
    }
}
