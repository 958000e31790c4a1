/// What claiming a key found.
package enum ActionClaim: Sendable, Equatable {
    /// The key is this request's: act, then keep the outcome.
    case claimed
    /// Another request with the key is acting now.
    case inProgress
    /// The key was used for another action (another address or input).
    case mismatch
    /// The key's action was done: its outcome.
    case done(StoredOutcome)
}
