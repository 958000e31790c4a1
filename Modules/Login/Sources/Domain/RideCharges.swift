import AtriumContracts
import AtriumSDK

/// Charging riders for their rides: each ``RideEnded`` becomes one charge to the rider's account,
/// in the ride's currency. The host delivers each event once to this handler's transaction (and
/// retries it when the handler fails), so a ride is charged exactly once.
public struct RideCharges: Sendable {
    let charges: any ChargeRepository

    public init(charges: any ChargeRepository) { self.charges = charges }

    public func charge(for ride: RideEnded, delivery: EventDelivery) async throws {
        let charge = Charge(
            date: ride.endedAt, reason: .ride(vehicleName: ride.vehicleName, minutes: ride.minutes),
            amount: Money(-ride.price.amount, currency: ride.price.currency))
        try await charges.update(ride.riderID) { $0.add(charge, isRide: true) }
    }
}
