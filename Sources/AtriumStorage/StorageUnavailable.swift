@_spi(AtriumHost) import AtriumSDK

/// The storage cannot answer just now (the PostgreSQL server is down, unreachable, or did not
/// answer in time). A page or action that needs it answers 503 with the "try again" page and
/// `Retry-After`, never a sign-in page (a session that cannot be read is not a signed-out session)
/// and never 500.
struct StorageUnavailable: TemporarilyUnavailable {
    /// What happened, for the log (never a password).
    var cause: String

    var description: String { "the storage is unavailable: \(cause)" }
    var visitorMessage: Wording { "This cannot be done just now: the site's storage is not answering. Please try again in a moment." }
}
