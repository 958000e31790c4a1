import AtriumSDK
import Foundation

/// Payment claims by one-time key, in the module's records of the visitor (or signed-in user).
struct StoredPayments: PaymentRepository {
    static let collection = "payments"

    let records: any RecordStore

    func claim(_ key: String, for claim: PaymentClaim, decide: @escaping @Sendable (PaymentClaim) -> PaymentClaim.Decision) async throws
        -> PaymentClaim?
    {
        try await records.update(PaymentClaim.self, id: key, in: Self.collection) { stored in
            guard let existing = stored else {
                stored = claim
                return nil
            }
            switch decide(existing) {
            case .keep: return existing
            case .takeOver:
                stored = claim
                return nil
            case .markUnknown:
                var unknown = existing
                unknown.stage = .unknown
                stored = unknown
                return unknown
            }
        }
    }

    func claim(_ key: String) async throws -> PaymentClaim? {
        try await records.record(PaymentClaim.self, id: key, in: Self.collection)
    }

    func finish(_ key: String, with claim: PaymentClaim) async throws {
        let records = self.records
        try await records.transaction {
            try await records.save(claim, id: key, in: Self.collection)
            if claim.stage == .done { try await records.save(claim.claimedAt, id: Self.lastPaidID, in: Self.collection) }
        }
    }

    func release(_ key: String) async throws {
        try await records.deleteRecord(id: key, in: Self.collection)
    }

    /// One record beside the claims: the time of the latest payment.
    private static let lastPaidID = "last-paid"

    func lastPaid() async throws -> Date? {
        try await records.record(Date.self, id: Self.lastPaidID, in: Self.collection)
    }
}
