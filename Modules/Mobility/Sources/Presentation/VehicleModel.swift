import AtriumSDK

/// A vehicle's page, and "Unlock" for the sandbox's.
struct VehicleModel: SceneModel {
    struct State: Sendable {
        var vehicle: Vehicle
        var fleet: Fleet
        var error: String?
    }

    enum Action: Sendable {
        case unlock(ItemAddress)
    }

    let fleet: any FleetSource
    let rides: Rides
    let map: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(ItemAddress.self)
        let fleet = try await self.fleet.fleet()
        guard let vehicle = fleet.vehicle(id: address.id) else { return .missing("This vehicle is not available any more.") }
        return .loaded(State(vehicle: vehicle, fleet: fleet))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .unlock(let address):
            guard let userID = await context.session.userID else { return .navigate(map) }
            switch try await rides.unlock(vehicleID: address.id, for: userID) {
            case .success: return .navigate(map)
            case .failure(let error):
                let fleet = try await self.fleet.fleet()
                guard let vehicle = fleet.vehicle(id: address.id) else { return .unavailable(error.description) }
                return .invalid(State(vehicle: vehicle, fleet: fleet, error: error.description))
            }
        }
    }
}
