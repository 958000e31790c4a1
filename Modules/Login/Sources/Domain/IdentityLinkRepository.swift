/// Which account each provider identity (issuer and subject) signs in.
public protocol IdentityLinkRepository: Sendable {
    func accountID(issuer: String, subject: String) async throws -> String?
    func link(issuer: String, subject: String, to accountID: String) async throws
}
