import Foundation

/// The data set shipped with the module (Resources/recipes.json and ingredients.json), read and
/// indexed once at boot.
struct EmbeddedRecipeSource: RecipeSource {
    let book: RecipeBook

    init() throws(RecipeSourceError) {
        guard let recipesURL = Bundle.module.url(forResource: "recipes", withExtension: "json", subdirectory: "Resources"),
            let ingredientsURL = Bundle.module.url(forResource: "ingredients", withExtension: "json", subdirectory: "Resources"),
            let recipes = try? Data(contentsOf: recipesURL), let ingredients = try? Data(contentsOf: ingredientsURL)
        else { throw .unknown }
        book = RecipeBook(
            recipes: try RecipeDecoding.recipes(from: recipes),
            availableIngredients: try RecipeDecoding.ingredients(from: ingredients)
        )
    }

    func load() async throws(RecipeSourceError) -> RecipeBook { book }
}
