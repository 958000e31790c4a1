import Synchronization

/// One load of the data: every recipe, the ingredients the source says are available, and the
/// filter index built for them.
public struct RecipeBook: Sendable {
    public let recipes: [Recipe]
    public let availableIngredients: [String]
    public let filter: RecipeFilter

    /// Every ingredient name the data mentions: the available list first (in its order), then the
    /// recipes' other ingredients in the order they first appear. Worked out once per data load.
    public let allIngredients: [String]

    /// Tells this load from every other in the process, so what was worked out from it can be
    /// kept until the data is loaded again.
    public let load: UInt64

    private static let loads = Atomic<UInt64>(0)

    public init(recipes: [Recipe], availableIngredients: [String]) {
        self.recipes = recipes
        self.availableIngredients = availableIngredients
        self.filter = RecipeFilter(recipes: recipes)
        var seen = Set<String>()
        self.allIngredients = (availableIngredients + recipes.flatMap(\.ingredients)).filter { seen.insert($0).inserted }
        self.load = Self.loads.add(1, ordering: .relaxed).newValue
    }
}
