import AtriumContracts
import AtriumSDK
import Foundation

/// Mobility: the map of shared vehicles and stations from a GBFS feed (Ecomobility's Map tab, done
/// for real), and rides in its sandbox city. Signed-in only; publishes ``RideEnded`` when a ride
/// ends (Login charges the rider).
public struct MobilityModule: AtriumModule {
    public typealias Configuration = MobilityConfiguration

    public static let manifest = ModuleManifest(
        id: "mobility", title: "Mobility", version: "1.0.0", requires: [.currentUser], binds: ["map"],
        collections: [
            StoredCollection(StoredRides.collection, holds: "each rider's rides, the one under way and those ended"),
            StoredCollection(SandboxFeed.cityCollection, holds: "the sandbox city: its stations and vehicles"),
            StoredCollection(SandboxLocks.collection, holds: "the sandbox's vehicles reserved or ridden, by vehicle"),
        ],
        remoteServices: [RemoteService("gbfs", title: "the GBFS feed (feed; embedded: this host's sandbox city)")])

    /// Its wording in Spanish too (`Resources/Localizable.xcstrings`).
    public static var translations: ModuleTranslations? { Localizable.translations }

    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        let services = registrar.services
        let isSandbox = configuration.feed == "embedded"
        if isSandbox {
            let sandbox = SandboxFeed(
                records: registrar.sharedRecords, clock: services.clock, publicURL: registrar.publicURL, localOrigin: services.localURL(""),
                prices: configuration.sandbox)
            let settings = configuration.sandbox
            let traffic = SandboxTraffic(
                locks: SandboxLocks(records: registrar.sharedRecords, clock: services.clock), riders: settings.riders, seed: settings.seed,
                interval: .milliseconds(Int64(settings.everySeconds * 1000)), logger: registrar.logger
            ) { try await sandbox.load() }
            registrar.onShutdown { await traffic.stop() }
            registrar.endpoint(.get, SandboxFeed.path + "{file}", parameters: SandboxFile.self, contract: .anyObject) { request in
                // The city is being looked at: its simulated riders (if any) start moving.
                traffic.start()
                let file = try request.parameters(SandboxFile.self).file
                guard file.hasSuffix(".json") else { return .json(["error": "There is no such feed file."], status: .notFound) }
                return try await sandbox.answer(String(file.dropLast(5)), request: request)
            }
        }
        let feedURL = isSandbox ? services.localURL(SandboxFeed.path + "gbfs.json") : configuration.feed
        let feed = GBFSClient(
            feedURL: feedURL, http: registrar.remoteService("gbfs", at: feedURL),
            language: configuration.language, timeout: .seconds(configuration.timeoutSeconds), clock: services.clock, logger: registrar.logger,
            isSandbox: isSandbox, minimumRefresh: .seconds(configuration.minimumRefreshSeconds), otherHosts: configuration.feedHosts)
        if isSandbox {
            // A ride taken or ended on any host changes what the sandbox feed says: the next page reads it again.
            registrar.watchChanges(in: SandboxLocks.collection) { _ in feed.forget() }
        }
        let stored = StoredRides(records: registrar.sharedRecords)
        let rideEnded = registrar.publisher(for: RideEnded.self)
        let rental = VehicleRental(
            fleet: feed, rides: stored, locks: SandboxLocks(records: registrar.sharedRecords, clock: services.clock), rideEnded: rideEnded
        ) { services.clock.now }

        // Scenes.
        let tabs = MapTabs(profile: configuration.profileRoute)
        let tiles = configuration.tiles.url.map { Map.TileLayer(template: $0, attribution: configuration.tiles.attribution ?? "") }
        let mapView = MapView(tabs: tabs, tiles: tiles)
        let freshness = Duration.seconds(configuration.minimumRefreshSeconds)
        registrar.scene(MapScene.self) { _ in MapScene(fleet: feed, rental: rental, view: mapView, freshness: freshness) }
        registrar.scene(VehicleScene.self) { _ in VehicleScene(fleet: feed, rental: rental, view: VehicleView(tabs: tabs)) }
        registrar.scene(StationScene.self) { _ in StationScene(fleet: feed, view: StationView(tabs: tabs)) }
        registrar.scene(UnlockScene.self) { _ in UnlockScene(rental: rental, view: UnlockView(tabs: tabs)) }
    }
}
