import AtriumObservability
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Tracing

/// A route's `.signedIn` guard, in one place for every request that meets it (a page, an action, a
/// live stream when it opens and whenever its session changes): a visitor who is not signed in (or
/// whose user no longer exists) goes to the page bound as `sign-in`, with the page asked for as
/// `returnTo` (for a GET). A session that cannot be read is not a signed-out one: that error reaches
/// the error page (503).
///
/// A class: each guarded route holds it once, so a guarded page does not copy its references for
/// every request.
package final class SignedInCheck: Sendable {
    let registry: HostRegistry
    /// Who says whether a user exists, found once when the route is made (every module has
    /// registered by then), not looked up and cast on every request.
    let users: (any CurrentUserProvider)?

    package init(registry: HostRegistry) {
        self.registry = registry
        self.users = registry.capability(.currentUser)
    }

    /// Whether `session` is a signed-in user's who still exists. Untraced, the check is called as it
    /// is, not as a closure through the tracing's generic function in another module.
    package func admits(_ session: RequestSession) async throws -> Bool {
        guard HostTracing.isOn else { return try await exists(try await session.userID, span: nil) }
        return try await HostTracing.withSpan("guard signedIn") { span in try await exists(try await session.userID, span: span) }
    }

    /// Whether `userID` names a user who still exists (said on `span`).
    package func exists(_ userID: String?, span: (any Span)? = nil) async throws -> Bool {
        guard let userID, let users else { return false }
        let exists = try await users.user(withID: userID) != nil
        span?.attributes["atrium.signed_in"] = exists
        return exists
    }

    /// The sign-in page, returning to `path` (when it is a path on this site) once signed in.
    package func signInPath(returningTo path: String?) -> String {
        (registry.pagePath(for: .signIn) ?? "/") + QueryText.encode(LocalPath.validated(path).map { [("returnTo", $0)] } ?? [])
    }
}
