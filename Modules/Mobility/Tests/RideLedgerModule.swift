import AtriumContracts
import AtriumSDK

/// A module that keeps every ``RideEnded`` it is delivered, by ride id: what Mobility publishes, as
/// a subscriber sees it.
struct RideLedgerModule: AtriumModule {
    static let manifest = ModuleManifest(
        id: "ride-ledger", title: "Ride ledger", version: "1.0.0", collections: [StoredCollection("rides", holds: "the rides it heard of")])

    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let records = registrar.sharedRecords
        registrar.subscribe(to: RideEnded.self) { ride, _ in try await records.save(ride, id: ride.rideID, in: "rides") }
    }
}
