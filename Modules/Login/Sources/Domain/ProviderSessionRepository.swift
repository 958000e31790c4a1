/// The provider an account signed in with, and its ID token (sealed at rest), for sign-out.
public protocol ProviderSessionRepository: Sendable {
    func keep(providerID: String, idToken: String) async throws
    /// The provider session, forgotten as it is read.
    func take() async throws -> (providerID: String, idToken: String)?
}
