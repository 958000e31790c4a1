import AtriumSDK

/// Riders' histories in the module's shared records, by user id.
struct StoredRides: RideRepository {
    static let collection = "rides"

    let records: any RecordStore

    func history(of userID: String) async throws -> RiderHistory {
        try await records.record(RiderHistory.self, id: userID, in: Self.collection) ?? RiderHistory()
    }

    func update<Result: Sendable>(_ userID: String, _ change: @escaping @Sendable (inout RiderHistory) throws -> Result) async throws -> Result {
        try await records.update(RiderHistory.self, id: userID, in: Self.collection) { stored in
            var history = stored ?? RiderHistory()
            let result = try change(&history)
            stored = history
            return result
        }
    }
}
