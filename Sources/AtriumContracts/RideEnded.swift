import AtriumSDK
import Foundation

/// A ride ended: published by Mobility in the transaction that records it, handled by whoever
/// charges riders (Login keeps each account's charges and balances).
public struct RideEnded: ModuleEvent, Hashable {
    public static let name = "mobility.ride-ended"
    public static let version = 1

    /// The ride, unique among every rider's rides.
    public var rideID: String
    /// The user who rode.
    public var riderID: String
    /// The vehicle ridden.
    public var vehicleID: String
    /// What people call the vehicle ("E-bike").
    public var vehicleName: String
    /// When the ride started.
    public var startedAt: Date
    /// When the ride ended.
    public var endedAt: Date
    /// Minutes started.
    public var minutes: Int
    /// What the ride costs, in the pricing plan's currency.
    public var price: Money

    /// One rider's events arrive in order.
    public var aggregateID: String { riderID }

    /// A ride that ended; see each property.
    public init(
        rideID: String, riderID: String, vehicleID: String, vehicleName: String, startedAt: Date, endedAt: Date, minutes: Int, price: Money
    ) {
        self.rideID = rideID
        self.riderID = riderID
        self.vehicleID = vehicleID
        self.vehicleName = vehicleName
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.minutes = minutes
        self.price = price
    }
}
