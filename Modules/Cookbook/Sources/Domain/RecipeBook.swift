/// One load of the data: every recipe, the ingredients the source says are available, and the
/// filter index built for them.
public struct RecipeBook: Sendable {
    public let recipes: [Recipe]
    public let availableIngredients: [String]
    public let filter: RecipeFilter

    public init(recipes: [Recipe], availableIngredients: [String]) {
        self.recipes = recipes
        self.availableIngredients = availableIngredients
        self.filter = RecipeFilter(recipes: recipes)
    }

    /// Every ingredient name the data mentions: the available list first (in its order), then the
    /// recipes' other ingredients in the order they first appear.
    public var allIngredients: [String] {
        var seen = Set<String>()
        return (availableIngredients + recipes.flatMap(\.ingredients)).filter { seen.insert($0).inserted }
    }
}
