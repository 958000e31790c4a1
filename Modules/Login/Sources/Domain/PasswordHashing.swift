/// Slow salted password hashing, as the account use cases need it.
public protocol PasswordHashing: Sendable {
    func hash(_ password: String) async -> String
    func verify(_ password: String, against hash: String) async -> Bool
    /// Whether a stored hash is in an older format, to be replaced at the next successful sign-in.
    func needsRehash(_ hash: String) -> Bool
}
