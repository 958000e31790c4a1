/// What the "current user" capability answers: the account behind a signed-in session.
public protocol CurrentUserProvider: Sendable {
    /// The user with this id, or nil when the account no longer exists.
    func user(withID id: String) async throws -> SignedInUser?
}
