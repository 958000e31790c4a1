/// Which anti-forgery tokens a POST route accepts.
public enum FormTokenPolicy: Sendable, Equatable {
    /// Only the token of the visitor's current session (the default).
    case currentSession
    /// Also the token of the session the visitor had just before signing in, for a few minutes:
    /// for forms that sign a visitor in (sign-in, sign-up), so that a form left open in another tab,
    /// or a second click on its button, still works. Such a request never acts as a signed-in user.
    case includingReplacedSession
}
