/// Where one-time codes are checked: a remote service of the original contract, or the codes this
/// host issued.
public protocol CodeVerifier: Sendable {
    /// Checks `code`; `email` is the address the visitor asked a code for (issued codes only).
    func verify(_ code: String, email: String?) async throws -> CodeVerdict
}
