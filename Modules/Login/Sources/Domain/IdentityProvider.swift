import Foundation

/// An identity provider people can continue with (OpenID Connect): where the browser goes to sign
/// in, the check of what comes back, and where sign-out continues.
public protocol IdentityProvider: Sendable {
    /// Where the browser goes to sign in, carrying `state`, `nonce` and the PKCE challenge of `verifier`.
    func authorizationURL(state: String, nonce: String, verifier: String) async throws(IdentityProviderError) -> String
    /// Exchanges the callback's code for tokens and checks the ID token: who signed in, and the ID
    /// token (kept for sign-out's hint).
    func finish(code: String, verifier: String, nonce: String) async throws(IdentityProviderError) -> (identity: ProviderIdentity, idToken: String)
    /// Where sign-out continues at the provider, when it has an end-session endpoint.
    func endSessionURL(idToken: String, returnTo: String) async -> String?
}

/// The configured identity providers, by id.
public struct IdentityProviders: Sendable {
    public struct Entry: Sendable {
        public var id: String
        public var title: String
        public var provider: any IdentityProvider

        public init(id: String, title: String, provider: any IdentityProvider) {
            self.id = id
            self.title = title
            self.provider = provider
        }
    }

    public let entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }
}
