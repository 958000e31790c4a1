import AtriumSDK

/// The pantry page: every ingredient the data knows, with a switch for each.
struct PantryModel: SceneModel {
    struct State: Sendable, Equatable {
        var choices: [UpdatePantry.Choice]
        var usesPantry: Bool
    }

    enum Action: Sendable {
        /// Keep exactly the ingredients switched on.
        case choose(Choice)
        /// Back to the recipe service's list.
        case reset
    }

    /// The pantry form as posted: the names switched on (`have[]`), or none.
    struct Choice: Decodable, Sendable {
        var have: [String]?
    }

    let pantry: UpdatePantry
    /// Discover, where the visitor goes once the pantry is saved.
    let discover: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        do {
            let (choices, usesPantry) = try await pantry.choices()
            return .loaded(State(choices: choices, usesPantry: usesPantry))
        } catch let error as RecipeSourceError {
            return .failed(error.description)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        do {
            switch action {
            case .choose(let choice): try await pantry.choose(choice.have ?? [])
            case .reset: try await pantry.reset()
            }
            return .navigate(discover)
        } catch let error as RecipeSourceError {
            return .unavailable(error.description)
        }
    }
}
