/// Where accounts are kept.
public protocol AccountRepository: Sendable {
    func account(id: String) async throws -> Account?
    func account(email: String) async throws -> Account?
    /// Adds a new account; throws ``LoginError/emailTaken`` when its email has an account.
    func create(_ account: Account) async throws
    func update(_ account: Account) async throws
}
