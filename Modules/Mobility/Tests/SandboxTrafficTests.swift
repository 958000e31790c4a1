import AtriumSDK
import AtriumTestKit
import Foundation
import Logging
import Testing

@testable import Mobility

@Suite("The sandbox city's simulated riders")
struct SandboxTrafficTests {
    static func traffic(seed: Int, records: InMemoryRecordStore = InMemoryRecordStore(declaredIn: MobilityModule.manifest)) -> SandboxTraffic {
        let city = SandboxCity.generate()
        return SandboxTraffic(
            locks: SandboxLocks(records: records, clock: TestClock()), riders: 3, seed: seed, interval: .seconds(1),
            logger: Logger(label: "test")
        ) { city }
    }

    @Test func theSameSeedMovesTheCityTheSameWayAndRidersTakeAndReturnVehicles() async throws {
        let (first, second, other) = (Self.traffic(seed: 7), Self.traffic(seed: 7), Self.traffic(seed: 8))
        var moves: [[String]] = [[], [], []]
        for _ in 0..<30 {
            for (index, traffic) in [first, second, other].enumerated() {
                if let move = try await traffic.step() { moves[index].append("\(move.taken ? "took" : "returned") \(move.vehicleID)") }
            }
        }
        #expect(moves[0] == moves[1], "seeded: tests can predict it")
        #expect(moves[0] != moves[2])
        #expect(moves[0].contains { $0.hasPrefix("took") } && moves[0].contains { $0.hasPrefix("returned") })
    }

    @Test func whatRidersHoldIsReservedAndGivenBackWhenTheyStop() async throws {
        let records = InMemoryRecordStore(declaredIn: MobilityModule.manifest)
        let traffic = Self.traffic(seed: 3, records: records)
        for _ in 0..<5 { try await traffic.step() }
        let held = try await records.records(SandboxReservation.self, in: SandboxLocks.collection)
        #expect(!held.isEmpty && held.allSatisfy { $0.userID.hasPrefix("sandbox-rider-") })
        await traffic.stop()
        #expect(try await records.records(SandboxReservation.self, in: SandboxLocks.collection).isEmpty)
    }

    @Test func vehiclesSimulatedRidersLeftWhenAHostWasKilledAreGivenBackAndRidersVehiclesKept() async throws {
        let records = InMemoryRecordStore(declaredIn: MobilityModule.manifest)
        let locks = SandboxLocks(records: records, clock: TestClock())
        #expect(try await locks.reserve("v1", for: "sandbox-rider-4"))
        #expect(try await locks.reserve("v2", for: "ada"))
        try await Self.traffic(seed: 1, records: records).releaseLeftovers()
        #expect(try await records.records(SandboxReservation.self, in: SandboxLocks.collection).map(\.vehicleID) == ["v2"])
    }

    @Test func noRidersMeansNoMoves() async throws {
        let records = InMemoryRecordStore(declaredIn: MobilityModule.manifest)
        let city = SandboxCity.generate()
        let still = SandboxTraffic(
            locks: SandboxLocks(records: records, clock: TestClock()), riders: 0, seed: 1, interval: .seconds(1), logger: Logger(label: "test")
        ) { city }
        #expect(try await still.step() == nil)
    }
}
