import AtriumContracts
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Mobility

/// A ride from the vehicle's page to the map's "End ride", exhaustively: the reservation and the
/// ride written, the ride's end published with its vehicle released, each redirect asserted; the
/// pages' guard sends a visitor to sign in.
@Suite("Mobility's vehicle and map scenes")
struct RideScenesTests {
    let records = InMemoryRecordStore(declaredIn: MobilityModule.manifest)
    let clock = TestClock()
    let events = TestEvents()

    func rental() -> VehicleRental {
        let clock = self.clock
        return VehicleRental(
            fleet: UnlockSceneTests.OneScooter(), rides: StoredRides(records: records), locks: SandboxLocks(records: records, clock: clock),
            rideEnded: events.publisher(for: RideEnded.self), now: { clock.now })
    }

    func vehicle(signedInAs userID: String? = "ada") -> SceneTest<VehicleScene> {
        SceneTest(
            VehicleScene(fleet: UnlockSceneTests.OneScooter(), rental: rental(), view: VehicleView(tabs: MapTabs(profile: "profile"))),
            context: .testing(moduleID: "mobility", parameters: ["id": "v1"], session: TestVisitorSession(userID: userID)), exhaustive: true,
            stores: [records], events: events)
    }

    func map(signedInAs userID: String? = "ada") -> SceneTest<MapScene> {
        SceneTest(
            MapScene(fleet: UnlockSceneTests.OneScooter(), rental: rental(), view: MapView(tabs: MapTabs(profile: "profile"), tiles: nil)),
            context: .testing(moduleID: "mobility", session: TestVisitorSession(userID: userID)), exhaustive: true, stores: [records],
            events: events)
    }

    @Test func aVehiclesPageIsForRidersSignedIn() async throws {
        let visitor = await vehicle(signedInAs: nil).open(VehicleScene.page)
        visitor.expect(.redirected(to: .returning(.named(.signIn), to: .path("/map/vehicles/{id}"))))
        let page = await vehicle().open(VehicleScene.page)
        #expect(page.status == 200 && page.screen?.button(titled: "Unlock") != nil)
    }

    @Test func unlockingThenEndingTheRideChargesItOnceAndFreesTheVehicle() async throws {
        let unlocked = await vehicle().submit(VehicleScene.unlock, form: [:])
        unlocked.expect(
            .wrote(collection: SandboxLocks.collection, id: "v1"), .wrote(collection: StoredRides.collection, id: "ada"),
            .redirected(to: MapScene.page(MapAddress())))
        clock.advance(seconds: 150)
        let ended = await map().submit(MapScene.endRide, form: [:])
        ended.expect(
            .wrote(collection: StoredRides.collection, id: "ada"), .published(event: RideEnded.name, aggregate: "ada"),
            .deleted(collection: SandboxLocks.collection, id: "v1"), .redirected(to: MapScene.page(MapAddress(ended: true))))
        #expect(try events.published(RideEnded.self).map(\.minutes) == [3])
        let again = await map().submit(MapScene.endRide, form: [:])
        again.expect(.redirected(to: MapScene.page(MapAddress())))
        #expect(try events.published(RideEnded.self).count == 1, "no ride: nothing ends, nothing is charged")
    }

    @Test func aVehicleTakenIsRefusedOnItsPage() async throws {
        let first = await vehicle(signedInAs: "grace").submit(VehicleScene.unlock, form: [:])
        first.expect(
            .wrote(collection: SandboxLocks.collection, id: "v1"), .wrote(collection: StoredRides.collection, id: "grace"),
            .redirected(to: MapScene.page(MapAddress())))
        let refused = await vehicle().submit(VehicleScene.unlock, form: [:])
        #expect(refused.status == 422 && refused.effects.isEmpty)
        #expect(refused.screen?.mentions("Someone else has just taken this vehicle. Try another one.") == true)
    }

    @Test func theMapAndAStationShowTheFleet() async throws {
        let page = await map().open(MapScene.page)
        #expect(page.status == 200 && page.effects.isEmpty)
        let drawn = page.screen?.nodes.compactMap { if case .map(let map) = $0 { map.markers.count } else { nil } }
        #expect(page.screen?.title == "Map" && drawn == [1], "the one scooter on the map")
        let station = SceneTest(
            StationScene(fleet: UnlockSceneTests.OneScooter(), view: StationView(tabs: MapTabs(profile: "profile"))),
            context: .testing(moduleID: "mobility", parameters: ["id": "nowhere"], session: TestVisitorSession(userID: "ada")), exhaustive: true)
        #expect(await station.open(StationScene.page).status == 404, "a station the feed does not have")
        let visitor = SceneTest(
            StationScene(fleet: UnlockSceneTests.OneScooter(), view: StationView(tabs: MapTabs(profile: "profile"))),
            context: .testing(moduleID: "mobility", parameters: ["id": "s1"]), exhaustive: true)
        await visitor.open(StationScene.page).expect(.redirected(to: .returning(.named(.signIn), to: .path("/map/stations/{id}"))))
    }
}
