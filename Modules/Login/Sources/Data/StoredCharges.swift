import AtriumSDK

/// Accounts' charges in the module's shared records, one record per account id.
struct StoredCharges: ChargeRepository {
    static let collection = "charges"

    let records: any RecordStore

    func charges(of userID: String) async throws -> AccountCharges {
        try await records.record(AccountCharges.self, id: userID, in: Self.collection) ?? AccountCharges()
    }

    func update(_ userID: String, _ change: @escaping @Sendable (inout AccountCharges) -> Void) async throws {
        try await records.update(AccountCharges.self, id: userID, in: Self.collection) { stored in
            var charges = stored ?? AccountCharges()
            change(&charges)
            stored = charges
        }
    }
}
