/// A server-side session as stored.
package struct SessionRecord: Sendable, Equatable {
    /// Stays the same for a visitor across sign-in, so what they saved before signing in is kept.
    package var visitorID: String
    package var userID: String?
    package var csrfToken: String
    /// The anti-forgery token of the session this one replaced at sign-in, accepted by routes that
    /// allow it (``FormTokenPolicy/includingReplacedSession``) so a form from another tab still works.
    package var previousCSRFToken: String?
    package var expiresAt: Double
    /// How long the session lasts after each use, in seconds.
    package var lifetime: Double
    /// True for a session replaced by sign-in a moment ago: kept a few minutes, only so that a form
    /// loaded before the sign-in (a double click) can still sign in. It is never signed in.
    package var isReplaced: Bool = false

    package init(
        visitorID: String, userID: String? = nil, csrfToken: String, previousCSRFToken: String? = nil, expiresAt: Double, lifetime: Double,
        isReplaced: Bool = false
    ) {
        self.visitorID = visitorID
        self.userID = userID
        self.csrfToken = csrfToken
        self.previousCSRFToken = previousCSRFToken
        self.expiresAt = expiresAt
        self.lifetime = lifetime
        self.isReplaced = isReplaced
    }
}
