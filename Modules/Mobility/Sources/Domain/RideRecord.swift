import Foundation

/// A finished ride: its duration and price.
public struct RideRecord: Sendable, Hashable, Codable {
    public var vehicleID: String
    public var startedAt: Date
    public var endedAt: Date
    public var minutes: Int
    public var price: Decimal
    public var currency: String
}
