import AtriumSDK

/// A station's page.
struct StationModel: SceneModel {
    struct State: Sendable {
        var station: Station
        var fleet: Fleet
    }

    let fleet: any FleetSource

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(ItemAddress.self)
        let fleet = try await self.fleet.fleet()
        guard let station = fleet.station(id: address.id) else { return .missing("There is no station with this name.") }
        return .loaded(State(station: station, fleet: fleet))
    }
}
