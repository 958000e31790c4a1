/// Slow, salted password hashing, provided by the host (bcrypt) so no module stores a password in
/// any other form or needs a cryptography dependency.
public protocol PasswordHasher: Sendable {
    /// A salted hash of the password, safe to store.
    func hash(_ password: String) async -> String
    /// Whether the password matches a hash made by ``hash(_:)``.
    func verify(_ password: String, against hash: String) async -> Bool
}
