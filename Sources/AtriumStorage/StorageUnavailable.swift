import AtriumSDK

/// The storage cannot answer just now (the PostgreSQL server is down, unreachable, or did not
/// answer in time). A page or action that needs it answers 503 with the "try again" page and
/// `Retry-After`, never a sign-in page (a session that cannot be read is not a signed-out session)
/// and never 500.
package struct StorageUnavailable: TemporarilyUnavailable {
    /// What happened, for the log (never a password).
    package var cause: String

    package init(cause: String) { self.cause = cause }

    package var description: String { "the storage is unavailable: \(cause)" }
    package var visitorMessage: Wording { "This cannot be done just now: the site's storage is not answering. Please try again in a moment." }
}
