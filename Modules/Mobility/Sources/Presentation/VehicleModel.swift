import AtriumSDK

/// A vehicle's page, and "Unlock" for the sandbox's.
struct VehicleModel: SceneModel {
    /// Equal and hashed by the fleet load, the vehicle and the error: the host keeps the page until the next load.
    struct State: Sendable, Hashable {
        var vehicle: Vehicle
        var fleet: Fleet
        var error: String?

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.fleet.loadID == rhs.fleet.loadID && lhs.vehicle == rhs.vehicle && lhs.error == rhs.error
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fleet.loadID)
            hasher.combine(vehicle.id)
            hasher.combine(error)
        }
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
