import AtriumSDK

/// The "current user" capability: the account behind a signed-in session, for every module.
struct SignedInUsers: CurrentUserProvider {
    let accounts: any AccountRepository

    func user(withID id: String) async throws -> SignedInUser? {
        guard let account = try await accounts.account(id: id) else { return nil }
        return SignedInUser(id: account.id, name: account.fullName, email: account.email)
    }
}
