/// What a code typed on the OTP screen led to.
public enum CodeCheck: Sendable, Equatable {
    /// Accepted; for an issued code, the account to sign in.
    case accepted(Account?)
    /// Not the right code: "INVALID CODE".
    case invalid
    /// This client has had its tries for now.
    case tooManyTries(minutes: Int)
    case unreachable
    case failed
}
