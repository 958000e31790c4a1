import AtriumSDK
import Foundation

/// Payment claims by one-time key, in the module's records of the visitor (or signed-in user).
struct StoredPayments: PaymentRepository {
    static let collection = "payments"

    let records: any RecordStore

    func claim(_ key: String, for claim: PaymentClaim, staleAfter: Double) async throws -> PaymentClaim? {
        try await records.update(PaymentClaim.self, id: key, in: Self.collection) { stored in
            if let existing = stored, !(existing.stage == .pending && claim.claimedAt.timeIntervalSince(existing.claimedAt) > staleAfter) {
                return existing
            }
            stored = claim
            return nil
        }
    }

    func claim(_ key: String) async throws -> PaymentClaim? {
        try await records.record(PaymentClaim.self, id: key, in: Self.collection)
    }

    func finish(_ key: String, with claim: PaymentClaim) async throws {
        try await records.save(claim, id: key, in: Self.collection)
    }

    func release(_ key: String) async throws {
        try await records.deleteRecord(id: key, in: Self.collection)
    }

    /// One record beside the claims: the time of the latest payment.
    private static let lastPaidID = "last-paid"

    func lastPaid() async throws -> Date? {
        try await records.record(Date.self, id: Self.lastPaidID, in: Self.collection)
    }

    func notePaid(at date: Date) async throws {
        try await records.save(date, id: Self.lastPaidID, in: Self.collection)
    }
}
