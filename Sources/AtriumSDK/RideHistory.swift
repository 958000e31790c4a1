/// What the "rides" capability answers: how many rides a user took, and where rides are taken.
public protocol RideHistory: Sendable {
    func rideCount(forUser userID: String) async throws -> Int
    /// The page where rides are taken (the map).
    var path: String { get }
}
