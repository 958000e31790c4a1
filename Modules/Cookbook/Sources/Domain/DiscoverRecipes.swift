import Synchronization

/// The Discover use case: the ingredients the visitor has, the recipes they can cook, the ones that
/// need one more ingredient, and one recipe in detail.
public struct DiscoverRecipes: Sendable {
    public struct Ingredient: Sendable, Hashable {
        public var name: String
        public var image: String?
    }

    public struct RecipeSummary: Sendable, Hashable {
        /// The recipe's number in the data, from 1: its address is /cookbook/recipes/<number>.
        public var number: Int
        public var name: String
        public var image: String?
    }

    /// A recipe that needs one more ingredient, and which.
    public struct NearlyCookable: Sendable, Hashable {
        public var recipe: RecipeSummary
        public var missing: String
    }

    /// What Discover shows; the same for every visitor with the same ingredients, so it is worked
    /// out (and its page rendered) once per data load and set of ingredients.
    ///
    /// Two discoveries are equal when they are the same answer: `id` stands for everything else, so
    /// comparing or hashing one (the host does, to find its page) costs one number, not the whole list.
    public struct Discovery: Sendable, Hashable {
        public var available: [Ingredient]
        public var cookable: [RecipeSummary]
        public var missingOne: [NearlyCookable]
        /// True when the visitor chose their ingredients; false when the source's list is used.
        public var usesPantry: Bool
        let id: UInt64

        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// One ingredient of a recipe, and whether the visitor has it.
    public struct RecipeIngredient: Sendable, Hashable {
        public var name: String
        public var isAvailable: Bool
    }

    public struct RecipeDetail: Sendable, Hashable {
        public var summary: RecipeSummary
        /// Each distinct ingredient, in order.
        public var ingredients: [RecipeIngredient]
    }

    let source: any RecipeSource
    let pantry: any PantryRepository
    let images: any ImageLookup
    /// One recipe's page for one pantry.
    struct RecipeKey: Hashable, Sendable {
        var basis: PantryBasis
        var number: Int
    }

    /// Answers worked out before, shared by every request (the use case is made per request).
    let discoveries: Memo<PantryBasis, Discovery>
    let recipeDetails: Memo<RecipeKey, RecipeDetail>

    private static let discoveryIDs = Atomic<UInt64>(0)

    public init(source: any RecipeSource, pantry: any PantryRepository, images: any ImageLookup) {
        self.init(source: source, pantry: pantry, images: images, discoveries: Memo(capacity: 1), recipeDetails: Memo(capacity: 1))
    }

    init(
        source: any RecipeSource, pantry: any PantryRepository, images: any ImageLookup, discoveries: Memo<PantryBasis, Discovery>,
        recipeDetails: Memo<RecipeKey, RecipeDetail>
    ) {
        self.source = source
        self.pantry = pantry
        self.images = images
        self.discoveries = discoveries
        self.recipeDetails = recipeDetails
    }

    /// The ingredients that count as available: the visitor's pantry when set, else the source's list.
    func available(in book: RecipeBook, chosen: [String]?) -> (names: [String], usesPantry: Bool) {
        guard let chosen else { return (book.availableIngredients, false) }
        let set = Set(chosen)
        return (book.allIngredients.filter(set.contains), true)
    }

    public func discover() async throws -> Discovery {
        let book = try await source.load()
        let chosen = try await pantry.ingredients()
        let key = PantryBasis(load: book.load, chosen: chosen)
        if let known = discoveries[key] { return known }
        let (available, usesPantry) = available(in: book, chosen: chosen)
        let cookable = book.filter.cookable(with: available)
        let missingOne = book.filter.missingOne(with: available)
        let names = available + cookable.map { book.recipes[$0].name } + missingOne.map { book.recipes[$0.recipe].name }
        let pictures = await images.images(for: names)
        func summary(_ index: Int) -> RecipeSummary {
            RecipeSummary(number: index + 1, name: book.recipes[index].name, image: pictures.byName[book.recipes[index].name])
        }
        let discovery = Discovery(
            available: available.map { Ingredient(name: $0, image: pictures.byName[$0]) },
            cookable: cookable.map(summary),
            missingOne: missingOne.map { NearlyCookable(recipe: summary($0.recipe), missing: $0.missing) },
            usesPantry: usesPantry,
            id: Self.discoveryIDs.add(1, ordering: .relaxed).newValue
        )
        // An answer with pictures still to come is worked out again next time.
        if pictures.isFinal { discoveries.keep(discovery, for: key) }
        return discovery
    }

    /// One recipe by its number (from 1), or nil when there is no such recipe: 0, negative
    /// numbers and numbers past the last recipe alike, `Int.min` and `Int.max` included.
    public func recipe(number: Int) async throws -> RecipeDetail? {
        let book = try await source.load()
        guard number >= 1, number <= book.recipes.count else { return nil }
        let key = RecipeKey(basis: PantryBasis(load: book.load, chosen: try await pantry.ingredients()), number: number)
        if let known = recipeDetails[key] { return known }
        let recipe = book.recipes[number - 1]
        let have = Set(available(in: book, chosen: key.basis.chosen).names)
        var seen = Set<String>()
        let ingredients = recipe.ingredients.filter { seen.insert($0).inserted }.map { RecipeIngredient(name: $0, isAvailable: have.contains($0)) }
        let pictures = await images.images(for: [recipe.name])
        let detail = RecipeDetail(
            summary: RecipeSummary(number: number, name: recipe.name, image: pictures.byName[recipe.name]), ingredients: ingredients)
        if pictures.isFinal { recipeDetails.keep(detail, for: key) }
        return detail
    }
}
