import AtriumSDK

/// The pantry page: every ingredient the data knows, with a switch for each.
struct PantryScene: Scene {
    /// Equal when worked out from the same data load and chosen ingredients: the choices follow
    /// from those, so comparing (the host does, to find the page it rendered) skips the long list.
    struct State: Sendable, Hashable {
        var choices: [UpdatePantry.Choice]
        var basis: PantryBasis
        /// True when the visitor chose their ingredients; false when the source's list is used.
        var usesPantry: Bool { basis.chosen != nil }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.basis == rhs.basis }
        func hash(into hasher: inout Hasher) { hasher.combine(basis) }
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

    static let id = "pantry"
    static let title: Wording = "Your ingredients"
    static let page = Route.page("/cookbook/pantry")
    static let choose = Route.action("/cookbook/pantry")
    static let reset = Route.action("/cookbook/pantry/reset")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(choose, Action.choose), .action(reset, .reset)] }

    let pantry: UpdatePantry
    var view: PantryView { PantryView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        do {
            let (choices, basis) = try await pantry.choices()
            return .loaded(State(choices: choices, basis: basis))
        } catch let error as RecipeSourceError {
            return .failed(error.message)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        do {
            switch action {
            case .choose(let choice): try await pantry.choose(choice.have ?? [])
            case .reset: try await pantry.reset()
            }
            return .navigate(DiscoverScene.page())
        } catch let error as RecipeSourceError {
            return .unavailable(error.message)
        }
    }
}
