/// The sandbox's locks: a vehicle is reserved while someone rides it.
public protocol VehicleLocks: Sendable {
    /// Reserves the vehicle for `userID`; false when it is already reserved.
    func reserve(_ vehicleID: String, for userID: String) async throws -> Bool
    func release(_ vehicleID: String) async throws
}
