import AtriumSDK

/// Accounts in the module's shared records: by id, with an index from email to id. The email's
/// index entry is claimed in one step, so two sign-ups with one email cannot both succeed.
struct StoredAccounts: AccountRepository {
    struct EmailEntry: Codable, Sendable { var accountID: String }

    let records: any RecordStore

    func account(id: String) async throws -> Account? {
        try await records.record(Account.self, id: id, in: "accounts")
    }

    func account(email: String) async throws -> Account? {
        guard let entry = try await records.record(EmailEntry.self, id: email, in: "emails") else { return nil }
        return try await account(id: entry.accountID)
    }

    func create(_ account: Account) async throws {
        // The account first, then its email: an email entry never points at nothing.
        try await records.save(account, id: account.id, in: "accounts")
        do {
            try await records.update(EmailEntry.self, id: account.email, in: "emails") { entry in
                guard entry == nil else { throw LoginError.emailTaken }
                entry = EmailEntry(accountID: account.id)
            }
        } catch {
            try? await records.deleteRecord(id: account.id, in: "accounts")
            throw error
        }
    }

    func update(id: String, _ change: @escaping @Sendable (inout Account) -> Void) async throws -> Account? {
        try await records.update(Account.self, id: id, in: "accounts") { stored in
            guard var account = stored else { return nil }
            change(&account)
            stored = account
            return account
        }
    }
}
