import AtriumSDK

/// "Scan to unlock": the vehicle's code, typed (the sandbox prints it on each vehicle).
struct UnlockModel: SceneModel {
    struct State: Sendable, Hashable {
        var code = ""
        var error: String?
    }

    enum Action: Sendable {
        case unlock(Fields)
    }

    struct Fields: Decodable, Sendable {
        var code: String?
    }

    let rides: Rides
    let map: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<State> { .loaded(State()) }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .unlock(let fields):
            let code = String((fields.code ?? "").prefix(32))
            guard !code.trimmingCharacters(in: .whitespaces).isEmpty else {
                return .invalid(State(code: code, error: "Enter the code on the vehicle."))
            }
            guard let userID = try await context.session.userID else { return .navigate(map) }
            switch try await rides.unlock(code: code, for: userID) {
            case .success: return .navigate(map)
            case .failure(let error): return .invalid(State(code: code, error: error.description))
            }
        }
    }
}
