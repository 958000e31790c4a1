import AtriumObservability
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Hummingbird
import Tracing

/// A route's `.signedIn` guard: a visitor who is not signed in (or whose user no longer exists)
/// goes to the page bound as `sign-in`, with the page asked for as `returnTo` (for a GET). A session
/// that cannot be read is not a signed-out one: that error reaches the error page (503).
struct SignedInGuardMiddleware: RouterMiddleware {
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
        let isSignedIn = try await HostTracing.withSpan("guard signedIn") { span in
            guard let userID = try await context.session?.userID, let users else { return false }
            let exists = try await users.user(withID: userID) != nil
            span?.attributes["atrium.signed_in"] = exists
            return exists
        }
        if isSignedIn { return try await next(request, context) }
        let signIn = registry.pagePath(for: .signIn) ?? "/"
        let returnTo = request.method == .get ? LocalPath.validated(request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")) : nil
        return await pages.redirect(to: signIn + QueryText.encode(returnTo.map { [("returnTo", $0)] } ?? []), session: context.session)
    }
}
