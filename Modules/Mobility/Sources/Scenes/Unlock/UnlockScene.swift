import AtriumSDK

/// "Scan to unlock": the vehicle's code, typed (the sandbox prints it on each vehicle).
struct UnlockScene: Scene {
    struct State: Sendable, Hashable {
        var code = ""
        var error: Wording?
    }

    enum Action: Sendable {
        case unlock(Fields)
    }

    struct Fields: Decodable, Sendable {
        var code: String?
    }

    static let id = "unlock"
    static let title: Wording = "Scan to unlock"
    static let page = Route.page("/map/unlock", guard: .signedIn)
    static let unlock = Route.action("/map/unlock", guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(unlock, Action.unlock)] }

    let rental: VehicleRental
    let view: UnlockView

    func load(_ context: SceneContext) async throws -> SceneState<State> { .loaded(State()) }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .unlock(let fields):
            let code = String((fields.code ?? "").prefix(32))
            guard !code.trimmingCharacters(in: .whitespaces).isEmpty else {
                return .invalid(State(code: code, error: "Enter the code on the vehicle."))
            }
            guard let userID = try await context.session.userID else { return .navigate(MapScene.page(MapAddress())) }
            switch try await rental.unlock(code: code, for: userID) {
            case .success: return .navigate(MapScene.page(MapAddress()))
            case .failure(let error): return .invalid(State(code: code, error: error.message))
            }
        }
    }
}
