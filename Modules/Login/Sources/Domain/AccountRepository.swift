/// Where accounts are kept.
public protocol AccountRepository: Sendable {
    func account(id: String) async throws -> Account?
    func account(email: String) async throws -> Account?
    /// Adds a new account; throws ``LoginError/emailTaken`` when its email has an account, also
    /// when two sign-ups for one email race.
    func create(_ account: Account) async throws
    /// Changes an account as one step, so two edits at once both count. Returns the changed
    /// account, or nil when there is none with this id.
    func update(id: String, _ change: @escaping @Sendable (inout Account) -> Void) async throws -> Account?
}
