import AtriumSDK

/// What the "rides" capability answers: how many rides a user took, and where rides are taken.
/// Provided by Mobility, used by Login's profile when present.
public protocol RideHistory: Sendable {
    /// How many rides the user with `userID` has taken (0 for one who never rode).
    func rideCount(forUser userID: String) async throws -> Int
    /// The page where rides are taken (the map).
    var path: String { get }
}

extension CapabilityName {
    /// The rides people took: provided by the Mobility module, used by Login's profile when present.
    public static let rides: CapabilityName = "rides"
}

extension Capability where Value == any RideHistory {
    /// The rides a user took, and where rides are taken.
    public static var rides: Self { Capability(.rides) }
}
