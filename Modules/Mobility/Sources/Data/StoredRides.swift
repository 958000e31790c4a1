import AtriumSDK

/// Riders' histories in the module's shared records, by user id.
struct StoredRides: RideRepository {
    static let collection = "rides"

    let records: any RecordStore

    func history(of userID: String) async throws -> RiderRides {
        try await records.record(RiderRides.self, id: userID, in: Self.collection) ?? RiderRides()
    }

    func update<Result: Sendable>(_ userID: String, _ change: @escaping @Sendable (inout RiderRides) throws -> Result) async throws -> Result {
        try await records.update(RiderRides.self, id: userID, in: Self.collection) { stored in
            var history = stored ?? RiderRides()
            let result = try change(&history)
            stored = history
            return result
        }
    }

    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        try await records.transaction(body)
    }
}
