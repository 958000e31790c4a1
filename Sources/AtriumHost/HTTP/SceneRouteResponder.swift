import AtriumSDK
import Foundation
import Hummingbird
import Logging

/// Serves one scene route: checks parameter types, the anti-forgery token and the guard, runs the
/// scene, and writes its screen or redirect.
struct SceneRouteResponder: Sendable {
    let route: RouteRegistration
    let storage: SQLiteStorage
    let sessions: SessionStore
    let services: HostSceneServices
    let pages: PageWriter

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        var values: [String: String] = [:]
        for (name, type) in route.pattern.parameters {
            // Hummingbird does not percent-decode path parameters.
            guard let raw = context.parameters.get(name), let value = raw.removingPercentEncoding, type.accepts(value) else {
                throw HTTPError(.notFound)
            }
            values[name] = value
        }

        let session = RequestSession(store: sessions, token: pages.cookie.token(in: request))
        var input: FormActionInput?
        if route.method == .post {
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > context.maxUploadSize {
                throw HTTPError(.contentTooLarge)
            }
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            let action = FormActionInput(body: String(buffer: body), contentType: request.headers[.contentType])
            if let problem = action.syntaxProblem {
                context.logger.notice("POST refused: unreadable body", metadata: ["path": "\(request.uri.path)"])
                let back = Self.localReferer(of: request) ?? "/"
                return try await pages.response(
                    for: StandardScreens.badRequest(problem, back: back), status: .badRequest, request: request, session: nil)
            }
            let token = request.headers[.csrfToken] ?? action.csrfToken
            switch await session.check(csrfToken: token, policy: route.formTokens) {
            case .accepted:
                break
            case .fromReplacedSession:
                context.logger.notice("POST refused: form from before a sign-in or sign-out", metadata: ["path": "\(request.uri.path)"])
                return try await pages.response(for: StandardScreens.formFromReplacedSession, status: .forbidden, request: request, session: session)
            case .refused:
                context.logger.notice("POST refused: missing or invalid anti-forgery token", metadata: ["path": "\(request.uri.path)"])
                return try await pages.response(for: StandardScreens.forbidden, status: .forbidden, request: request, session: session)
            }
            input = action
        }

        let currentPath = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
        if route.guard == .signedIn, try await !isSignedIn(session) {
            let returnTo = route.method == .get ? currentPath : nil
            let signIn = services.registry.path(for: .signIn) ?? "/"
            return await pages.redirect(to: signIn + LocalPath.returnQuery(returnTo), session: session)
        }

        let sceneContext = SceneContext(
            moduleID: route.moduleID,
            parameters: RouteParameters(values),
            query: Self.query(of: request),
            session: session,
            storage: OwnerRecordStore(storage: storage, module: route.moduleID, session: session),
            sharedStorage: storage.records(module: route.moduleID, owner: .shared),
            logger: context.logger.with(module: route.moduleID),
            services: services
        )
        let retryPath = route.method == .get ? currentPath : (Self.localReferer(of: request) ?? "/")
        let outcome = await route.respond(SceneRequest(context: sceneContext, input: input, retryPath: retryPath))
        switch outcome {
        case .screen(let screen, let status):
            return try await pages.response(
                for: screen,
                status: HTTPResponse.Status(code: status.code),
                request: request,
                session: session
            )
        case .redirect(let target):
            let path = pages.links.resolve(target).flatMap { if case .path(let path) = $0 { path } else { nil } }
            return await pages.redirect(to: path ?? "/", session: session)
        }
    }

    private func isSignedIn(_ session: RequestSession) async throws -> Bool {
        guard let userID = await session.userID, let users = services.registry.capability(.currentUser) else { return false }
        return try await users.user(withID: userID) != nil
    }

    static func query(of request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters {
            query[String(key)] = String(value)
        }
        return query
    }

    static func localReferer(of request: Request) -> String? {
        guard let referer = request.headers[.referer], let url = URL(string: referer) else { return nil }
        return LocalPath.validated(url.path.isEmpty ? nil : url.path)
    }
}
