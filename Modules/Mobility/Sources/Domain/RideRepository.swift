/// Riders' histories, changed one step at a time.
public protocol RideRepository: Sendable {
    func history(of userID: String) async throws -> RiderRides
    func update<Result: Sendable>(_ userID: String, _ change: @escaping @Sendable (inout RiderRides) throws -> Result) async throws -> Result
}
