import AtriumSDK

/// A station's page.
struct StationModel: SceneModel {
    /// Equal and hashed by the fleet load and the station: the host keeps the page until the next load.
    struct State: Sendable, Hashable {
        var station: Station
        var fleet: Fleet

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.fleet.loadID == rhs.fleet.loadID && lhs.station == rhs.station }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fleet.loadID)
            hasher.combine(station.id)
        }
    }

    let fleet: any FleetSource

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(ItemAddress.self)
        let fleet = try await self.fleet.fleet()
        guard let station = fleet.station(id: address.id) else { return .missing("There is no station with this name.") }
        return .loaded(State(station: station, fleet: fleet))
    }
}
