import AtriumSDK

/// The pantry page: every ingredient the data knows, with a switch for each.
struct PantryModel: SceneModel {
    struct State: Sendable, Equatable {
        var choices: [UpdatePantry.Choice]
        var usesPantry: Bool
    }

    /// The pantry form as posted: the names switched on (`have[]`), or none.
    struct Choose: Decodable, Sendable {
        var have: [String]?
    }

    let pantry: UpdatePantry

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        do {
            let (choices, usesPantry) = try await pantry.choices()
            return .loaded(State(choices: choices, usesPantry: usesPantry))
        } catch let error as RecipeSourceError {
            return .failed(error.description)
        }
    }

    func choose(_ action: Choose, context: SceneContext) async throws -> ActionOutcome<State> {
        try await change { try await pantry.choose(action.have ?? []) }
    }

    func reset(context: SceneContext) async throws -> ActionOutcome<State> {
        try await change { try await pantry.reset() }
    }

    private func change(_ body: () async throws -> Void) async throws -> ActionOutcome<State> {
        do {
            try await body()
            return .navigate(.route("cookbook"))
        } catch let error as RecipeSourceError {
            return .render(.failed(error.description), status: .serviceUnavailable)
        }
    }
}
