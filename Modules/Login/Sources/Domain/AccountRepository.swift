/// Where accounts and their passwords are kept. Passwords are kept only as slow salted hashes, so
/// checking one is the repository's work too.
public protocol AccountRepository: Sendable {
    func account(id: String) async throws -> Account?
    func account(email: String) async throws -> Account?
    /// Adds a new account with its password and returns it as stored; throws
    /// ``LoginError/emailTaken`` when its email has an account, also when two sign-ups for one email race.
    /// `alongside` runs in the same transaction, after the account is stored (an identity's link,
    /// say): its writes are kept with the account's, or none of them is.
    func create(_ account: Account, password: String, alongside: @escaping @Sendable (Account) async throws -> Void) async throws -> Account
    /// The account with this email when the password is its password, else nil. An unknown email
    /// takes as long as a wrong password, so the answer's timing tells nothing.
    func authenticate(email: String, password: String) async throws -> Account?
    /// Changes an account as one step, so two edits at once both count. Returns the changed
    /// account, or nil when there is none with this id.
    func update(id: String, _ change: @escaping @Sendable (inout Account) -> Void) async throws -> Account?
}

extension AccountRepository {
    /// Adds a new account with its password (see ``create(_:password:alongside:)``).
    public func create(_ account: Account, password: String) async throws -> Account {
        try await create(account, password: password, alongside: { _ in })
    }
}
