/// Why a step with the provider failed, for the log and the refusal page.
public enum IdentityProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Discovery or keys could not be fetched: the provider is down or unreachable.
    case unreachable(String)
    /// The discovery document is not the issuer's (another `issuer`, missing endpoints).
    case misconfigured(String)
    /// The code could not be exchanged for tokens.
    case exchangeFailed(String)
    /// The ID token failed a check.
    case rejectedToken(String)

    public var description: String {
        switch self {
        case .unreachable(let detail): "the provider could not be reached (\(detail))"
        case .misconfigured(let detail): "the provider's discovery document is not usable (\(detail))"
        case .exchangeFailed(let detail): "the code exchange failed (\(detail))"
        case .rejectedToken(let detail): "the ID token was rejected: \(detail)"
        }
    }
}
