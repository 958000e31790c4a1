import AtriumSDK

/// Discover: what can be cooked with the visitor's ingredients; adding or removing one
/// ingredient from the page (or from a recipe's page, which asks to come back to it).
struct DiscoverScene: Scene {
    /// What Discover shows one visitor: the discovery for their ingredients, and whether the feature
    /// flag `cookbook.missingOne` lets them see the recipes missing one ingredient. Both say which page
    /// it is, so the host keeps one rendered page per discovery and flag value.
    struct State: Sendable, Hashable {
        var discovery: DiscoverRecipes.Discovery
        var showsMissingOne: Bool
    }

    enum Action: Sendable {
        case add(IngredientName)
        case remove(IngredientName)
    }

    static let id = "discover"
    static let title: Wording = "Discover"
    static let isEntry = true

    static let page = Route.page("/cookbook", name: "cookbook")
    /// "I have …" (here and on a recipe's page) and "Remove", back to the page they were on.
    static let add = Route.action("/cookbook/pantry/{ingredient}/add", parameters: IngredientName.self)
    static let remove = Route.action("/cookbook/pantry/{ingredient}/remove", parameters: IngredientName.self)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(add, Action.add), .action(remove, Action.remove)] }

    /// Discover's "Missing one ingredient" section (the worked example of a feature flag).
    static let missingOne = FeatureFlag(
        "missingOne", description: "Discover lists the recipes missing one ingredient, each with a button to add it", defaultValue: true)

    let discover: DiscoverRecipes
    let pantry: UpdatePantry
    let view: DiscoverView

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        do {
            let discovery = try await discover.discover()
            return .loaded(State(discovery: discovery, showsMissingOne: try await context.isOn(Self.missingOne)))
        } catch let error as RecipeSourceError {
            return .failed(error.message)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        do {
            switch action {
            case .add(let name): try await pantry.add(name.ingredient)
            case .remove(let name): try await pantry.remove(name.ingredient)
            }
        } catch let error as RecipeSourceError {
            return .unavailable(error.message)
        }
        return .navigateBack(otherwise: Self.page())
    }
}
