import AtriumObservability
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Hummingbird
import Tracing

/// A route's `.signedIn` guard: a visitor who is not signed in (or whose user no longer exists)
/// goes to the page bound as `sign-in`, with the page asked for as `returnTo` (for a GET). A session
/// that cannot be read is not a signed-out one: that error reaches the error page (503).
///
/// A class: the scene route's pipeline holds it once, so a guarded page does not copy its
/// references (the writer's among them) for every request.
final class SignedInGuardMiddleware: RouterMiddleware {
    typealias Context = AtriumRequestContext

    let registry: HostRegistry
    let pages: PageWriter
    /// Who says whether a user exists, found once when the route is made (every module has
    /// registered by then), not looked up and cast on every request.
    let users: (any CurrentUserProvider)?

    init(registry: HostRegistry, pages: PageWriter) {
        self.registry = registry
        self.pages = pages
        self.users = registry.capability(.currentUser)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Untraced, the check is called as it is, not as a closure through the tracing's generic
        // function in another module (on every guarded page).
        let isSignedIn =
            HostTracing.isOn
            ? try await HostTracing.withSpan("guard signedIn") { span in try await hasUser(context, span: span) }
            : try await hasUser(context, span: nil)
        if isSignedIn { return try await next(request, context) }
        let signIn = registry.pagePath(for: .signIn) ?? "/"
        let returnTo = request.method == .get ? LocalPath.validated(request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")) : nil
        return await pages.redirect(to: signIn + QueryText.encode(returnTo.map { [("returnTo", $0)] } ?? []), session: context.session)
    }

    /// Whether the request's session is a signed-in user's who still exists (said on `span`).
    private func hasUser(_ context: Context, span: (any Span)?) async throws -> Bool {
        guard let userID = try await context.session?.userID, let users else { return false }
        let exists = try await users.user(withID: userID) != nil
        span?.attributes["atrium.signed_in"] = exists
        return exists
    }
}
