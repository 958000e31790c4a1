import AtriumRuntime
import Hummingbird

/// Gives a scene route's request the visitor's session, read from the cookie when first asked
/// (a page that never asks reads nothing).
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AtriumRequestContext

    let sessions: SessionStore
    let cookie: SessionCookie

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.session = RequestSession(store: sessions, token: cookie.token(in: request))
        return try await next(request, context)
    }
}
