/// The Discover use case: the ingredients the visitor has, the recipes they can cook, the ones that
/// need one more ingredient, and one recipe in detail.
public struct DiscoverRecipes: Sendable {
    public struct Ingredient: Sendable, Equatable {
        public var name: String
        public var image: String?
    }

    public struct RecipeSummary: Sendable, Equatable {
        /// The recipe's number in the data, from 1: its address is /cookbook/recipes/<number>.
        public var number: Int
        public var name: String
        public var image: String?
    }

    public struct Discovery: Sendable, Equatable {
        public var available: [Ingredient]
        public var cookable: [RecipeSummary]
        public var missingOne: [(recipe: RecipeSummary, missing: String)]
        /// True when the visitor chose their ingredients; false when the source's list is used.
        public var usesPantry: Bool

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.available == rhs.available && lhs.cookable == rhs.cookable && lhs.usesPantry == rhs.usesPantry
                && lhs.missingOne.map(\.recipe) == rhs.missingOne.map(\.recipe) && lhs.missingOne.map(\.missing) == rhs.missingOne.map(\.missing)
        }
    }

    public struct RecipeDetail: Sendable, Equatable {
        public var summary: RecipeSummary
        /// Each distinct ingredient, in order, and whether the visitor has it.
        public var ingredients: [(name: String, isAvailable: Bool)]

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.summary == rhs.summary && lhs.ingredients.map(\.name) == rhs.ingredients.map(\.name)
                && lhs.ingredients.map(\.isAvailable) == rhs.ingredients.map(\.isAvailable)
        }
    }

    let source: any RecipeSource
    let pantry: any PantryRepository
    let images: any ImageLookup

    public init(source: any RecipeSource, pantry: any PantryRepository, images: any ImageLookup) {
        self.source = source
        self.pantry = pantry
        self.images = images
    }

    /// The ingredients that count as available: the visitor's pantry when set, else the source's list.
    func available(in book: RecipeBook) async throws -> (names: [String], usesPantry: Bool) {
        guard let chosen = try await pantry.ingredients() else { return (book.availableIngredients, false) }
        let set = Set(chosen)
        return (book.allIngredients.filter(set.contains), true)
    }

    public func discover() async throws -> Discovery {
        let book = try await source.load()
        let (available, usesPantry) = try await available(in: book)
        let cookable = book.filter.cookable(with: available)
        let missingOne = book.filter.missingOne(with: available)
        let names = available + cookable.map { book.recipes[$0].name } + missingOne.map { book.recipes[$0.recipe].name }
        let pictures = await pictures(for: names)
        func summary(_ index: Int) -> RecipeSummary {
            RecipeSummary(number: index + 1, name: book.recipes[index].name, image: pictures[book.recipes[index].name] ?? nil)
        }
        return Discovery(
            available: available.map { Ingredient(name: $0, image: pictures[$0] ?? nil) },
            cookable: cookable.map(summary),
            missingOne: missingOne.map { (summary($0.recipe), $0.missing) },
            usesPantry: usesPantry
        )
    }

    /// One recipe by its number (from 1), or nil when there is no such recipe: 0, negative
    /// numbers and numbers past the last recipe alike, `Int.min` and `Int.max` included.
    public func recipe(number: Int) async throws -> RecipeDetail? {
        let book = try await source.load()
        guard number >= 1, number <= book.recipes.count else { return nil }
        let recipe = book.recipes[number - 1]
        let have = Set(try await available(in: book).names)
        var seen = Set<String>()
        let ingredients = recipe.ingredients.filter { seen.insert($0).inserted }.map { ($0, have.contains($0)) }
        let image = await images.image(for: recipe.name)
        return RecipeDetail(summary: RecipeSummary(number: number, name: recipe.name, image: image), ingredients: ingredients)
    }

    private func pictures(for names: [String]) async -> [String: String?] {
        await withTaskGroup(of: (String, String?).self) { group in
            for name in Set(names) { group.addTask { (name, await images.image(for: name)) } }
            var result: [String: String?] = [:]
            for await (name, image) in group { result[name] = image }
            return result
        }
    }
}
