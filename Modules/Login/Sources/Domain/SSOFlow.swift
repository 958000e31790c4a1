import Foundation

/// A sign-in with a provider under way: which provider, the nonce and PKCE verifier sent, when it
/// began, and where to go back to.
public struct SSOFlow: Codable, Sendable {
    public var providerID: String
    public var nonce: String
    public var verifier: String
    public var startedAt: Date
    public var returnTo: String?

    public init(providerID: String, nonce: String, verifier: String, startedAt: Date, returnTo: String?) {
        self.providerID = providerID
        self.nonce = nonce
        self.verifier = verifier
        self.startedAt = startedAt
        self.returnTo = returnTo
    }
}
