/// What a host's answer means for the person, beside the screen it brings.
public enum Outcome: Sendable, Equatable {
    /// The page (200, or 304 with the kept document).
    case shown
    /// Signing in is needed, or the sign-in was refused (401).
    case unauthorized
    /// Not allowed: a stale form token, for example (403).
    case forbidden
    /// No such page (404).
    case notFound
    /// The form was refused; its fields say why (400, 422).
    case invalid
    /// Nothing was done: what the action was made on (a balance, a registration) changed since its
    /// screen was shown (409). The screen shows what is true now, with the person's input and a
    /// message saying what changed; sending it again acts on what it now shows.
    case changed
    /// Too many tries: try again after the given seconds, if the host said (429).
    case throttled(retryAfter: Int?)
    /// The host or a service it needs is out just now (503): the screen shown is the kept one,
    /// marked not current, when the client has it.
    case unavailable(retryAfter: Int?)
    /// The host cannot be reached: the screen is the kept one, not current.
    case offline
    /// The host could not be reached, so the action (a form, a button) waits to be sent, under
    /// this id (``PendingAction``): the screen is the kept one it was made on, not current.
    case waiting(String)
    /// The page leads to another site (an identity provider's sign-in): open it in a browser.
    case leftSite(String)
    /// Any other status.
    case failed(status: Int)
}
