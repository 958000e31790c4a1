import AtriumContracts
import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@testable import Mobility

/// A ride's start and end change several records (the vehicle's reservation, the rider's history,
/// the event for Login): each is one transaction, so a crash between two of its writes (here, a
/// write that throws where a `kill -9` would stop the process) leaves none of it.
@Suite("Rides change all of their records or none")
struct VehicleRentalTests {
    /// Where the test stops the rental, as a crash would.
    enum Crash: Error { case afterReserving, beforeReleasing }

    /// The sandbox's locks, crashing where told.
    final class CrashingLocks: VehicleLocks {
        let locks: SandboxLocks
        let crash = Mutex<Crash?>(nil)

        init(records: any RecordStore) { locks = SandboxLocks(records: records, clock: TestClock()) }

        func reserve(_ vehicleID: String, for userID: String) async throws -> Bool {
            let reserved = try await locks.reserve(vehicleID, for: userID)
            if crash.withLock({ $0 }) == .afterReserving { throw Crash.afterReserving }
            return reserved
        }

        func release(_ vehicleID: String) async throws {
            if crash.withLock({ $0 }) == .beforeReleasing { throw Crash.beforeReleasing }
            try await locks.release(vehicleID)
        }
    }

    struct OneScooter: FleetSource {
        func fleet() async throws -> Fleet {
            Fleet(
                systemName: "Test", types: ["scooter": VehicleType(id: "scooter", formFactor: "scooter", propulsion: "electric", pricingPlanID: "p")],
                plans: ["p": PricingPlan(id: "p", name: "Plan", currency: "USD", unlockPrice: 1, perMinute: Decimal(string: "0.39")!)],
                stations: [], vehicles: [Vehicle(id: "s1", point: GeoPoint(latitude: 25.77, longitude: -80.19), typeID: "scooter")],
                lastUpdated: nil, ridesHere: true)
        }
        func refresh() async {}
    }

    /// One store for everything the rental writes (as the module's shared records are one
    /// storage), the published events included, so a rolled-back transaction undoes them all (a
    /// store of any collection: "published" stands in for the host's outbox, no module collection).
    static func rental(_ records: InMemoryRecordStore, _ locks: CrashingLocks, clock: TestClock) -> VehicleRental {
        VehicleRental(
            fleet: OneScooter(), rides: StoredRides(records: records), locks: locks,
            rideEnded: EventPublisher { aggregate, payload in
                try await records.save(payload, id: UUID().uuidString, in: "published")
            },
            now: { clock.now })
    }

    static func reservations(_ records: InMemoryRecordStore) async throws -> [SandboxReservation] {
        try await records.records(SandboxReservation.self, in: SandboxLocks.collection)
    }

    @Test func aCrashBetweenReservingAndStartingLeavesNoReservation() async throws {
        let (records, clock) = (InMemoryRecordStore(), TestClock())
        let locks = CrashingLocks(records: records)
        let rental = Self.rental(records, locks, clock: clock)
        locks.crash.withLock { $0 = .afterReserving }
        await #expect(throws: Crash.afterReserving) { _ = try await rental.unlock(vehicleID: "s1", for: "ada") }
        #expect(try await Self.reservations(records).isEmpty, "the vehicle is free again")
        #expect(try await rental.current(for: "ada") == nil)
        locks.crash.withLock { $0 = nil }
        #expect(try await rental.unlock(vehicleID: "s1", for: "ada").get().vehicleID == "s1", "and can be taken")
    }

    @Test func aCrashBeforeTheVehicleIsReleasedLeavesTheRideGoingAndNothingPublished() async throws {
        let (records, clock) = (InMemoryRecordStore(), TestClock())
        let locks = CrashingLocks(records: records)
        let rental = Self.rental(records, locks, clock: clock)
        _ = try await rental.unlock(vehicleID: "s1", for: "ada").get()
        clock.advance(minutes: 3)
        locks.crash.withLock { $0 = .beforeReleasing }
        await #expect(throws: Crash.beforeReleasing) { _ = try await rental.end(for: "ada") }
        #expect(try await rental.current(for: "ada") != nil, "the ride goes on")
        #expect(try await records.records(Data.self, in: "published").isEmpty, "nothing to charge")
        #expect(try await Self.reservations(records).map(\.vehicleID) == ["s1"], "its vehicle still its")

        locks.crash.withLock { $0 = nil }
        let ended = try await rental.end(for: "ada").get()
        #expect(ended.minutes == 3)
        #expect(try await records.records(Data.self, in: "published").count == 1, "one event, for one charge")
        #expect(try await Self.reservations(records).isEmpty, "and the vehicle free")
    }
}
