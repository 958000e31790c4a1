import AtriumSDK
import Foundation

/// The Map tab: the vehicles and stations in view, the nearest ones, and the rider's ride.
struct MapScene: Scene {
    /// What the page shows. The same fleet load, view and ride make the same page: the host keeps
    /// it by those, without keeping the fleet alive.
    struct State: Sendable, IdentifiedState {
        var viewport: MapViewport
        var fleet: Fleet
        var ride: Ride?
        /// The ride's minutes started so far and what they cost now.
        var rideMinutes = 0
        var rideCost: Decimal = 0
        var lastRide: RideRecord?

        struct Identity: Hashable, Sendable {
            var loadID: UInt64
            var viewport: MapViewport
            var ride: Ride?
            var rideMinutes: Int
            var lastRide: RideRecord?
        }

        var pageIdentity: Identity {
            Identity(loadID: fleet.loadID, viewport: viewport, ride: ride, rideMinutes: rideMinutes, lastRide: lastRide)
        }
    }

    enum Action: Sendable {
        case endRide
    }

    /// Markers drawn at most; beyond, the page says how many more there are.
    static let markerLimit = 400

    static let id = "map"
    static let title: Wording = "Map"
    static let isEntry = true
    static let page = Route.page("/map", parameters: MapAddress.self, name: "map", guard: .signedIn)
    static let endRide = Route.action("/map/ride/end", guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(endRide, .endRide)] }

    let fleet: any FleetSource
    let rental: VehicleRental
    let view: MapView
    /// How fresh the feed must be on a watched map (`mobility.minimumRefreshSeconds`).
    var freshness: Duration = .seconds(5)

    /// Watched, the map follows the feed as often as it may be fetched, and a ride's running cost
    /// at least twice a minute.
    func liveRefresh(for state: State) -> Duration? {
        state.ride == nil ? freshness : min(freshness, .seconds(20))
    }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(MapAddress.self)
        let fleet = try await self.fleet.fleet()
        var viewport = fleet.firstView ?? MapViewport(centre: GeoPoint(latitude: 25.7617, longitude: -80.1918), zoom: 14)
        if let lat = address.lat, let lon = address.lon, GeoPoint(latitude: lat, longitude: lon).isValid {
            viewport = MapViewport(centre: GeoPoint(latitude: lat, longitude: lon), zoom: address.zoom ?? 15)
        } else if let zoom = address.zoom {
            viewport = MapViewport(centre: viewport.centre, zoom: zoom)
        }
        var state = State(viewport: viewport, fleet: fleet)
        if let userID = try await context.session.userID {
            state.ride = try await rental.current(for: userID)
            if let ride = state.ride { (state.rideMinutes, state.rideCost) = rental.soFar(ride) }
            if address.ended == true, state.ride == nil { state.lastRide = try await rental.last(for: userID) }
        }
        return .loaded(state)
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .endRide:
            guard let userID = try await context.session.userID else { return .navigate(Self.page(MapAddress())) }
            switch try await rental.end(for: userID) {
            case .success: return .navigate(Self.page(MapAddress(ended: true)))
            case .failure: return .navigate(Self.page(MapAddress()))
            }
        }
    }
}
