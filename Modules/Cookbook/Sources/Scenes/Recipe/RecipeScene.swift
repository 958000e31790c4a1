import AtriumSDK

/// One recipe: its picture, name, and each ingredient marked available or missing.
struct RecipeScene: Scene {
    /// One recipe and which of its ingredients the visitor has.
    typealias State = DiscoverRecipes.RecipeDetail

    static let id = "recipe"
    static let title: Wording = "Recipe"
    static let page = Route.page("/cookbook/recipes/{id}", parameters: RecipeNumber.self)
    static var routes: [SceneRoute<Self>] { [.page(page)] }

    let discover: DiscoverRecipes
    var view: RecipeView { RecipeView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        do {
            guard let detail = try await discover.recipe(number: try context.parameters(RecipeNumber.self).id) else {
                return .missing("There is no recipe with this number. Go back to Discover to see every recipe.")
            }
            return .loaded(detail)
        } catch let error as RecipeSourceError {
            return .failed(error.message)
        }
    }
}
