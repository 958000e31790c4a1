/// An error meaning that what a scene reads cannot answer just now: a remote service is down or
/// slow, or the storage cannot be reached. Thrown from a scene's `load` or `perform` (directly or
/// from a use case), it shows the scene's failed state with ``visitorMessage`` and a "Try again"
/// link, answered 503 with `Retry-After`, never a server error. Conform the error types of a
/// module's remote sources to it.
public protocol TemporarilyUnavailable: Error, CustomStringConvertible {
    /// What the visitor reads: what could not be done, in the module's words, without internals.
    var visitorMessage: Wording { get }
}
