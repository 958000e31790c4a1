import AtriumSDK

/// A vehicle's page, and "Unlock" for the sandbox's.
struct VehicleScene: Scene {
    /// Kept by the host per fleet load, vehicle and error, without keeping the fleet alive.
    struct State: Sendable, IdentifiedState {
        var vehicle: Vehicle
        var fleet: Fleet
        var error: Wording?

        struct Identity: Hashable, Sendable {
            var loadID: UInt64
            var vehicleID: String
            var error: Wording?
        }

        var pageIdentity: Identity { Identity(loadID: fleet.loadID, vehicleID: vehicle.id, error: error) }
    }

    enum Action: Sendable {
        case unlock(ItemAddress)
    }

    static let id = "vehicle"
    static let title: Wording = "Vehicle"
    static let page = Route.page("/map/vehicles/{id}", parameters: ItemAddress.self, guard: .signedIn)
    static let unlock = Route.action("/map/vehicles/{id}/unlock", parameters: ItemAddress.self, guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(unlock, Action.unlock)] }

    let fleet: any FleetSource
    let rental: VehicleRental
    let view: VehicleView

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(ItemAddress.self)
        let fleet = try await self.fleet.fleet()
        guard let vehicle = fleet.vehicle(id: address.id) else { return .missing("This vehicle is not available any more.") }
        return .loaded(State(vehicle: vehicle, fleet: fleet))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .unlock(let address):
            guard let userID = try await context.session.userID else { return .navigate(MapScene.page(MapAddress())) }
            switch try await rental.unlock(vehicleID: address.id, for: userID) {
            case .success: return .navigate(MapScene.page(MapAddress()))
            case .failure(let error):
                let fleet = try await self.fleet.fleet()
                guard let vehicle = fleet.vehicle(id: address.id) else { return .missing(error.message) }
                return .invalid(State(vehicle: vehicle, fleet: fleet, error: error.message))
            }
        }
    }
}
