import AtriumSDK

/// Why a provider identity cannot sign in here, in words the user reads.
public enum IdentitySignInError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider shared no email, and no account is linked to the identity yet.
    case noEmail(provider: String)
    /// An account has this email, but the provider does not vouch for it.
    case emailNotVerified(provider: String)

    public var description: String { message.text }

    /// What the person reads, in words a translation replaces (the provider's name is data).
    public var message: Wording {
        switch self {
        case .noEmail(let provider):
            "\(provider) did not share an email address, which a new account needs. Allow it at \(provider), or sign up with your email."
        case .emailNotVerified(let provider):
            "An account already uses this email, and \(provider) has not verified that the address is yours. Sign in with your password instead."
        }
    }
}
