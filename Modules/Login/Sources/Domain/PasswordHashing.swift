/// Slow salted password hashing, as the account use cases need it.
public protocol PasswordHashing: Sendable {
    func hash(_ password: String) async -> String
    func verify(_ password: String, against hash: String) async -> Bool
}
