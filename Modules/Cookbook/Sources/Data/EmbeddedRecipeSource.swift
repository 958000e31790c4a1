import Foundation

/// The data set shipped with the module (`Embedded/recipes.json` and `ingredients.json`, compiled
/// into it as bytes: no bundle or file to find at boot), read and indexed once at boot.
struct EmbeddedRecipeSource: RecipeSource {
    let book: RecipeBook

    init() throws(RecipeSourceError) {
        book = RecipeBook(
            recipes: try RecipeDecoding.recipes(from: Data(PackageResources.recipes_json)),
            availableIngredients: try RecipeDecoding.ingredients(from: Data(PackageResources.ingredients_json))
        )
    }

    func load() async throws(RecipeSourceError) -> RecipeBook { book }
}
