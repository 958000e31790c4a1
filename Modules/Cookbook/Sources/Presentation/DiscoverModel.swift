import AtriumSDK

/// Discover's view model: what can be cooked with the visitor's ingredients; adding or removing
/// one ingredient from the page (or from a recipe, which asks to come back to it).
struct DiscoverModel: SceneModel {
    enum Action: Sendable {
        case add(IngredientName)
        case remove(IngredientName)
    }

    let discover: DiscoverRecipes
    let pantry: UpdatePantry
    /// Discover itself, where actions lead when no page asked to come back to.
    let page: LinkTarget
    /// The flag that shows the recipes missing one ingredient.
    var missingOne = CookbookModule.missingOne

    func load(_ context: SceneContext) async throws -> SceneState<DiscoverPage> {
        do {
            let discovery = try await discover.discover()
            return .loaded(DiscoverPage(discovery: discovery, showsMissingOne: try await context.isOn(missingOne)))
        } catch let error as RecipeSourceError {
            return .failed(error.description)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<DiscoverPage> {
        do {
            switch action {
            case .add(let name): try await pantry.add(name.ingredient)
            case .remove(let name): try await pantry.remove(name.ingredient)
            }
        } catch let error as RecipeSourceError {
            return .unavailable(error.description)
        }
        return .navigateBack(otherwise: page)
    }
}
