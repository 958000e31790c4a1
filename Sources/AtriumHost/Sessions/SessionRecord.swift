/// A server-side session as stored.
public struct SessionRecord: Sendable, Equatable {
    /// Stays the same for a visitor across sign-in, so what they saved before signing in is kept.
    public var visitorID: String
    public var userID: String?
    public var csrfToken: String
    /// The anti-forgery token of the session this one replaced at sign-in, accepted by routes that
    /// allow it (``FormTokenPolicy/includingReplacedSession``) so a form from another tab still works.
    public var previousCSRFToken: String?
    public var expiresAt: Double
    /// How long the session lasts after each use, in seconds.
    public var lifetime: Double
    /// True for a session replaced by sign-in a moment ago: kept a few minutes, only so that a form
    /// loaded before the sign-in (a double click) can still sign in. It is never signed in.
    public var isReplaced: Bool = false
}
