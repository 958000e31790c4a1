/// What checking a one-time code answered.
public enum CodeVerdict: Sendable, Equatable {
    /// The code is right; for an issued code, the account it signs in.
    case accepted(accountID: String?)
    /// The code is wrong (or expired, used, or tried too often).
    case refused
    /// The verifier could not be reached, or did not answer in time.
    case unreachable
    /// Anything else: an answer the contract does not have.
    case failed
}
