import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation
import Hummingbird
import Logging

/// Reads an action's body (at most 1 MiB) and checks its anti-forgery token (form field `_csrf`, or
/// the `X-CSRF-Token` header) against the session: a body that cannot be read answers 400 naming
/// the problem, a missing or wrong token 403, a token from before a sign-in or sign-out (where the
/// route takes only the current one) 403 saying so.
struct FormTokenMiddleware: RouterMiddleware {
    typealias Context = AtriumRequestContext

    let policy: FormTokenPolicy
    let pages: PageWriter
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > context.maxUploadSize {
            throw HTTPError(.contentTooLarge)
        }
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        let action = FormActionInput(body: String(buffer: body), contentType: request.headers[.contentType])
        if let problem = action.syntaxProblem {
            logger.notice("POST refused: unreadable body", metadata: ["path": "\(request.uri.path)"])
            let back = SceneResponder.localReferer(of: request) ?? "/"
            return try await pages.response(
                for: RenderableScreen(StandardScreens.badRequest(problem, back: back)), status: .badRequest, request: request, context: context,
                session: nil,
                logger: logger)
        }
        let session = context.session
        switch try await session?.check(csrfToken: request.headers[.csrfToken] ?? action.csrfToken, policy: policy) ?? .refused {
        case .accepted:
            var context = context
            context.action = action
            return try await next(request, context)
        case .fromReplacedSession:
            logger.notice("POST refused: form from before a sign-in or sign-out", metadata: ["path": "\(request.uri.path)"])
            return try await pages.response(
                for: RenderableScreen(StandardScreens.formFromReplacedSession), status: .forbidden, request: request, context: context,
                session: session, logger: logger
            )
        case .refused:
            logger.notice("POST refused: missing or invalid anti-forgery token", metadata: ["path": "\(request.uri.path)"])
            return try await pages.response(
                for: RenderableScreen(StandardScreens.forbidden), status: .forbidden, request: request, context: context, session: session,
                logger: logger)
        }
    }
}
