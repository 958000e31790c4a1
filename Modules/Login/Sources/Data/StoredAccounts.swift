import AtriumSDK

/// Accounts in the module's shared records: by id, with an index from email to id, and their
/// passwords as the host's slow salted hashes. The email's index entry is a unique key, inserted in
/// one step, so two sign-ups with one email cannot both succeed, even on two hosts.
final class StoredAccounts: AccountRepository {
    struct EmailEntry: Codable, Sendable { var accountID: String }

    let records: any RecordStore
    let hasher: any PasswordHasher
    /// Compared against when the email has no account.
    private let decoy: DecoyHash

    init(records: any RecordStore, hasher: any PasswordHasher) {
        self.records = records
        self.hasher = hasher
        decoy = DecoyHash(hasher: hasher)
    }

    func account(id: String) async throws -> Account? {
        try await records.record(Account.self, id: id, in: "accounts")
    }

    func account(email: String) async throws -> Account? {
        guard let entry = try await records.record(EmailEntry.self, id: email, in: "emails") else { return nil }
        return try await account(id: entry.accountID)
    }

    func create(_ account: Account, password: String, alongside: @escaping @Sendable (Account) async throws -> Void) async throws -> Account {
        var account = account
        // The slow hash first, outside the transaction: other writers would wait for it.
        account.passwordHash = await hasher.hash(password)
        // The account and its email entry are one transaction: a crash between them left an
        // account no email finds (and an email that could never sign up again if the order were
        // the other way).
        let (records, created) = (records, account)
        try await records.transaction {
            try await records.save(created, id: created.id, in: "accounts")
            guard try await records.insert(EmailEntry(accountID: created.id), id: created.email, in: "emails") else {
                throw LoginError.emailTaken
            }
            try await alongside(created)
        }
        return account
    }

    func authenticate(email: String, password: String) async throws -> Account? {
        let account = try await account(email: email)
        let hash: String
        if let account { hash = account.passwordHash } else { hash = await decoy.hash() }
        guard await hasher.verify(password, against: hash), let account else { return nil }
        if hasher.needsRehash(account.passwordHash) {
            // An older hash format: keep the password's hash in today's format.
            let upgraded = await hasher.hash(password)
            return try await update(id: account.id) { $0.passwordHash = upgraded } ?? account
        }
        return account
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
