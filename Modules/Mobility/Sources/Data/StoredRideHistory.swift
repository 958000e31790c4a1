import AtriumContracts
import AtriumSDK

/// The "rides" capability: how many rides a user finished, and the map's path.
struct StoredRideHistory: RideHistory {
    let rides: any RideRepository
    let path: String

    func rideCount(forUser userID: String) async throws -> Int {
        try await rides.history(of: userID).finished.count
    }
}
