import Foundation

/// A sandbox vehicle being ridden.
struct SandboxReservation: Codable, Sendable {
    var vehicleID: String
    var userID: String
    var since: Date
}
