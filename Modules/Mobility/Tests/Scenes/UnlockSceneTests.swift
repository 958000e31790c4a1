import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Mobility

@Suite("Mobility's unlock scene")
struct UnlockSceneTests {
    /// One scooter, in a city whose rides are taken here.
    struct OneScooter: FleetSource {
        func fleet() async throws -> Fleet {
            Fleet(
                systemName: "Test City", types: [:], plans: [:], stations: [],
                vehicles: [Vehicle(id: "v1", point: GeoPoint(latitude: 25.77, longitude: -80.19), code: "MIA-7Q2K")], lastUpdated: nil,
                ridesHere: true)
        }
        func refresh() async {}
    }

    let records = InMemoryRecordStore(declaredIn: MobilityModule.manifest)
    let clock = TestClock()

    func test(signedInAs userID: String? = "ada") -> SceneTest<UnlockScene> {
        let clock = self.clock
        let rental = VehicleRental(
            fleet: OneScooter(), rides: StoredRides(records: records), locks: SandboxLocks(records: records, clock: clock),
            rideEnded: EventPublisher { _, _ in }, now: { clock.now })
        return SceneTest(
            UnlockScene(rental: rental, view: UnlockView(tabs: MapTabs(profile: "profile"))),
            context: .testing(moduleID: "mobility", session: TestVisitorSession(userID: userID)))
    }

    @Test func theFormAsksForTheVehiclesCode() async throws {
        let screen = try #require(await test().load().screen)
        #expect(screen.title == "Scan to unlock")
        #expect(
            screen.form(posting: UnlockScene.unlock())?.content.contains { if case .field(let field) = $0 { field.name == "code" } else { false } }
                == true)
        #expect(screen.link(titled: "Back to the map")?.target == MapScene.page(MapAddress()))
    }

    @Test func aCodeInAnyCaseUnlocksAndLeadsToTheMap() async throws {
        let unlocked = await test().submit(UnlockScene.unlock, form: ["code": "mia-7q2k"])
        #expect(unlocked.status == 303 && unlocked.redirect == MapScene.page(MapAddress()))
        #expect(try await StoredRides(records: records).history(of: "ada").active?.vehicleID == "v1")
    }

    @Test func anEmptyOrUnknownCodeIsRefusedWithWhatWasTyped() async throws {
        let empty = await test().submit(UnlockScene.unlock, form: ["code": "  "])
        #expect(empty.status == 422 && empty.screen?.field(named: "code")?.error == "Enter the code on the vehicle.")
        let unknown = await test().submit(UnlockScene.unlock, form: ["code": "NOPE-0000"])
        #expect(unknown.status == 422)
        #expect(unknown.screen?.field(named: "code")?.error == "No vehicle has this code. Check the code on the vehicle and try again.")
        #expect(unknown.screen?.field(named: "code")?.value == "NOPE-0000")
    }

    @Test func aSecondRiderCannotTakeTheSameScooter() async throws {
        #expect(await test(signedInAs: "ada").submit(UnlockScene.unlock, form: ["code": "MIA-7Q2K"]).status == 303)
        let second = await test(signedInAs: "grace").submit(UnlockScene.unlock, form: ["code": "MIA-7Q2K"])
        #expect(second.status == 422)
    }
}
