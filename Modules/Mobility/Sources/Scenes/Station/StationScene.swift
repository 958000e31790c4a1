import AtriumSDK

/// A station's page.
struct StationScene: Scene {
    /// Kept by the host per fleet load and station, without keeping the fleet alive.
    struct State: Sendable, IdentifiedState {
        var station: Station
        var fleet: Fleet

        struct Identity: Hashable, Sendable {
            var loadID: UInt64
            var stationID: String
        }

        var pageIdentity: Identity { Identity(loadID: fleet.loadID, stationID: station.id) }
    }

    static let id = "station"
    static let title: Wording = "Station"
    static let page = Route.page("/map/stations/{id}", parameters: ItemAddress.self, guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page)] }

    let fleet: any FleetSource
    let view: StationView

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(ItemAddress.self)
        let fleet = try await self.fleet.fleet()
        guard let station = fleet.station(id: address.id) else { return .missing("There is no station with this name.") }
        return .loaded(State(station: station, fleet: fleet))
    }
}
