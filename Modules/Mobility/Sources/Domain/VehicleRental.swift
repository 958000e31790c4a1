import AtriumContracts
import AtriumSDK
import Foundation

/// Taking rides in the sandbox: unlocking reserves the vehicle and starts the rider's one ride (one
/// transaction); ending it puts the vehicle back where it was, records the duration and price, and
/// publishes ``RideEnded`` with the record (one transaction: all of it is stored, or none).
public struct VehicleRental: Sendable {
    let fleet: any FleetSource
    let rides: any RideRepository
    let locks: any VehicleLocks
    let rideEnded: EventPublisher<RideEnded>
    let now: @Sendable () -> Date

    public init(
        fleet: any FleetSource, rides: any RideRepository, locks: any VehicleLocks, rideEnded: EventPublisher<RideEnded>,
        now: @escaping @Sendable () -> Date
    ) {
        self.fleet = fleet
        self.rides = rides
        self.locks = locks
        self.rideEnded = rideEnded
        self.now = now
    }

    public func current(for userID: String) async throws -> Ride? { try await rides.history(of: userID).active }

    public func count(for userID: String) async throws -> Int { try await rides.history(of: userID).finished.count }

    public func last(for userID: String) async throws -> RideRecord? { try await rides.history(of: userID).finished.last }

    /// The minutes started so far on `ride` and what they cost now (as ending it now would charge).
    public func soFar(_ ride: Ride) -> (minutes: Int, cost: Decimal) {
        let minutes = max(1, Int((now().timeIntervalSince(ride.startedAt) / 60).rounded(.up)))
        return (minutes, ride.unlockPrice + ride.perMinute * Decimal(minutes))
    }

    /// Unlocks the vehicle with this code (or id) for the rider.
    public func unlock(code: String? = nil, vehicleID: String? = nil, for userID: String) async throws -> Result<Ride, RideError> {
        let fleet = try await fleet.fleet()
        guard fleet.ridesHere else { return .failure(.notHere) }
        guard let vehicle = vehicleID.flatMap(fleet.vehicle(id:)) ?? code.flatMap(fleet.vehicle(code:)) else { return .failure(.unknownCode) }
        guard try await current(for: userID) == nil else { return .failure(.alreadyRiding) }
        let type = vehicle.typeID.flatMap { fleet.types[$0] }
        let plan = type?.pricingPlanID.flatMap { fleet.plans[$0] }
        let ride = Ride(
            vehicleID: vehicle.id, vehicleName: type?.displayName ?? "Vehicle", startedAt: now(), origin: vehicle.point,
            currency: plan?.currency ?? "USD", unlockPrice: plan?.unlockPrice ?? 0, perMinute: plan?.perMinute ?? 0)
        // The reservation and the ride are one transaction: a crash between them would leave a
        // vehicle reserved by no ride, gone from the map for good.
        let (rides, locks) = (rides, locks)
        do {
            let started = try await rides.transaction { () async throws -> Bool in
                guard try await locks.reserve(vehicle.id, for: userID) else { return false }
                let started = try await rides.update(userID) { history -> Bool in
                    guard history.active == nil else { return false }
                    history.active = ride
                    return true
                }
                // Another unlock by the same rider won the race: undo this reservation.
                guard started else { throw AlreadyRiding() }
                return true
            }
            guard started else { return .failure(.taken) }
        } catch is AlreadyRiding {
            return .failure(.alreadyRiding)
        }
        await self.fleet.refresh()
        return .success(ride)
    }

    /// Thrown inside an unlock's transaction to undo its reservation.
    private struct AlreadyRiding: Error {}

    /// Ends the rider's ride: its record, with the minutes started and the price. The record, its
    /// event and the vehicle's release are one transaction: a crash anywhere leaves the ride
    /// going, or ended, charged once and its vehicle free.
    public func end(for userID: String) async throws -> Result<RideRecord, RideError> {
        let endedAt = now()
        let (rides, rideEnded, locks) = (rides, rideEnded, locks)
        let record = try await rides.transaction { () async throws -> RideRecord? in
            let ended = try await rides.update(userID) { history -> (RideRecord, String)? in
                guard let ride = history.active else { return nil }
                let minutes = max(1, Int((endedAt.timeIntervalSince(ride.startedAt) / 60).rounded(.up)))
                let record = RideRecord(
                    vehicleID: ride.vehicleID, startedAt: ride.startedAt, endedAt: endedAt, minutes: minutes,
                    price: ride.unlockPrice + ride.perMinute * Decimal(minutes), currency: ride.currency)
                history.active = nil
                history.finished.append(record)
                return (record, ride.vehicleName)
            }
            guard let (record, vehicleName) = ended else { return nil }
            try await rideEnded.publish(
                RideEnded(
                    rideID: "\(userID)/\(Int64((record.startedAt.timeIntervalSince1970 * 1000).rounded()))", riderID: userID,
                    vehicleID: record.vehicleID, vehicleName: vehicleName, startedAt: record.startedAt, endedAt: record.endedAt,
                    minutes: record.minutes, price: Money(record.price, currency: record.currency)))
            try await locks.release(record.vehicleID)
            return record
        }
        guard let record else { return .failure(.notRiding) }
        await fleet.refresh()
        return .success(record)
    }
}
