import Foundation

/// A ride in progress: who, which vehicle, since when, from where, at what price.
public struct Ride: Sendable, Hashable, Codable {
    public var vehicleID: String
    public var vehicleName: String
    public var startedAt: Date
    public var origin: GeoPoint
    public var currency: String
    public var unlockPrice: Decimal
    public var perMinute: Decimal
}
