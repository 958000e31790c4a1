/// Riders' histories, changed one step at a time.
public protocol RideRepository: Sendable {
    func history(of userID: String) async throws -> RiderRides
    func update<Result: Sendable>(_ userID: String, _ change: @escaping @Sendable (inout RiderRides) throws -> Result) async throws -> Result
    /// Runs `body` as one transaction: its changes (and the events it publishes) are stored, or none.
    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result
}
