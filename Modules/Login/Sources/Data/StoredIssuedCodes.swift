import AtriumSDK
import Foundation

/// Issued codes in the module's shared records, one per email, as the host's slow salted hashes. A
/// try is taken before the code is compared, in one step, so parallel tries cannot exceed the five
/// a code has; a right code is used up in one step too, so it signs in once.
final class StoredIssuedCodes: IssuedCodeRepository {
    static let collection = "issued-codes"
    /// Wrong tries a code survives.
    static let tries = 5

    let records: any RecordStore
    let hasher: any PasswordHasher
    /// Compared against when there is no code, so the answer's timing tells nothing.
    private let decoy: DecoyHash

    init(records: any RecordStore, hasher: any PasswordHasher) {
        self.records = records
        self.hasher = hasher
        decoy = DecoyHash(hasher: hasher)
    }

    func issue(_ code: String, email: String, accountID: String, expiresAt: Date) async throws {
        let record = IssuedCodeRecord(accountID: accountID, hash: await hasher.hash(code), expiresAt: expiresAt, triesLeft: Self.tries)
        try await records.save(record, id: email, in: Self.collection)
    }

    func issueNone() async {
        _ = await hasher.hash("no code is issued")
    }

    func consume(_ code: String, email: String, at now: Date) async throws -> String? {
        let taken = try await records.update(IssuedCodeRecord.self, id: email, in: Self.collection) { stored -> IssuedCodeRecord? in
            guard var record = stored else { return nil }
            guard record.expiresAt > now, record.triesLeft > 0 else {
                stored = nil
                return nil
            }
            record.triesLeft -= 1
            stored = record
            return record
        }
        guard let taken else {
            await decoy.waste(code)
            return nil
        }
        guard await hasher.verify(code, against: taken.hash) else { return nil }
        // Used up, unless a parallel try with the same code used it first.
        let isMine = try await records.update(IssuedCodeRecord.self, id: email, in: Self.collection) { stored -> Bool in
            guard let record = stored, record.hash == taken.hash else { return false }
            stored = nil
            return true
        }
        return isMine ? taken.accountID : nil
    }
}
