/// Slow, salted password hashing, provided by the host so no module stores a password in any other
/// form or needs a cryptography dependency. The whole password counts, whatever its length or its
/// characters.
public protocol PasswordHasher: Sendable {
    /// A salted hash of the password, safe to store.
    func hash(_ password: String) async -> String
    /// Whether the password matches a hash made by ``hash(_:)`` (today's or an older format).
    func verify(_ password: String, against hash: String) async -> Bool
    /// Whether a stored hash is in an older format or cost: hash the password again after the next
    /// successful verification and store the new hash.
    func needsRehash(_ hash: String) -> Bool
}
