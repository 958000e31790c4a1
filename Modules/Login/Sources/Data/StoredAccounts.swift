import AtriumSDK

/// Accounts in the module's shared records: by id, with an index from email to id. One actor per
/// host, so two sign-ups with the same email cannot both succeed.
actor StoredAccounts: AccountRepository {
    struct EmailEntry: Codable, Sendable { var accountID: String }

    let records: any RecordStore

    init(records: any RecordStore) { self.records = records }

    func account(id: String) async throws -> Account? {
        try await records.record(Account.self, id: id, in: "accounts")
    }

    func account(email: String) async throws -> Account? {
        guard let entry = try await records.record(EmailEntry.self, id: email, in: "emails") else { return nil }
        return try await account(id: entry.accountID)
    }

    func create(_ account: Account) async throws {
        if try await records.record(EmailEntry.self, id: account.email, in: "emails") != nil { throw LoginError.emailTaken }
        try await records.save(account, id: account.id, in: "accounts")
        try await records.save(EmailEntry(accountID: account.id), id: account.email, in: "emails")
    }

    func update(_ account: Account) async throws {
        try await records.save(account, id: account.id, in: "accounts")
    }
}
