import Testing

@testable import Cookbook

@Suite("The recipe filter")
struct RecipeFilterTests {
    static let reference = [
        Recipe(name: "Tomato pasta", ingredients: ["tomato", "pasta", "water"]),
        Recipe(name: "Chicken tikka masala", ingredients: ["chicken", "butter", "onion"]),
        Recipe(name: "Cheesecake", ingredients: ["biscuit", "butter", "sugar"]),
        Recipe(name: "Chocolate brownie", ingredients: ["chocolate", "butter", "sugar"]),
        Recipe(name: "Meatball", ingredients: ["Meat", "parmesan", "onion"]),
        Recipe(name: "Meatloaf", ingredients: ["Meat", "egg", "onion"]),
    ]
    static let referenceIngredients = ["Meat", "egg", "onion", "parmesan", "butter", "sugar", "chicken"]

    func cookable(_ recipes: [Recipe], _ available: [String]) -> [String] {
        RecipeFilter(recipes: recipes).cookable(with: available).map { recipes[$0].name }
    }

    @Test func theReferenceDataGivesExactlyTheThreeReferenceRecipes() {
        #expect(cookable(Self.reference, Self.referenceIngredients) == ["Chicken tikka masala", "Meatball", "Meatloaf"])
        #expect(
            RecipeFilter.originalFilter(Self.reference, available: Self.referenceIngredients).map(\.name) == [
                "Chicken tikka masala", "Meatball", "Meatloaf",
            ])
    }

    @Test func namesMatchExactlyAndCaseSensitively() {
        let recipes = [Recipe(name: "Meatloaf", ingredients: ["Meat", "egg"])]
        #expect(cookable(recipes, ["meat", "egg"]).isEmpty)
        #expect(cookable(recipes, ["Meat ", "egg"]).isEmpty)
        #expect(cookable(recipes, ["Meat", "egg"]) == ["Meatloaf"])
    }

    @Test func theOriginalOrderIsKept() {
        let recipes = ["Zucchini", "Apple", "Mango"].map { Recipe(name: $0, ingredients: ["x"]) }
        #expect(cookable(recipes, ["x"]) == ["Zucchini", "Apple", "Mango"])
    }

    @Test func aRecipeWithNoIngredientsPasses() {
        #expect(cookable([Recipe(name: "Glass of water", ingredients: [])], []) == ["Glass of water"])
    }

    @Test func recipesMissingOneIngredientNameIt() {
        let filter = RecipeFilter(recipes: Self.reference)
        let missing = filter.missingOne(with: Self.referenceIngredients).map { (Self.reference[$0.recipe].name, $0.missing) }
        #expect(missing.map(\.0) == ["Cheesecake", "Chocolate brownie"])
        #expect(missing.map(\.1) == ["biscuit", "chocolate"])
        #expect(!missing.contains { $0.0 == "Tomato pasta" }, "it lacks three")
    }

    @Test func aRepeatedIngredientCountsOnce() {
        let recipes = [Recipe(name: "Eggs", ingredients: ["egg", "egg", "salt"])]
        let filter = RecipeFilter(recipes: recipes)
        #expect(filter.missingOne(with: ["salt"]).map(\.missing) == ["egg"])
        #expect(filter.cookable(with: ["salt", "egg"]) == [0])
    }

    @Test(.timeLimit(.minutes(1))) func aRecipeWithHundredsOfThousandsOfIngredientsIsIndexedInOnePass() {
        // A remote service may send anything: the index must not compare each ingredient with
        // every other one of its recipe.
        let names = (0..<200_000).map { "ingredient \($0 % 100_000)" }
        let filter = RecipeFilter(recipes: [Recipe(name: "Everything", ingredients: names)])
        #expect(filter.cookable(with: Array(Set(names))) == [0])
        #expect(filter.missingOne(with: Array(Set(names)).filter { $0 != "ingredient 7" }).map(\.missing) == ["ingredient 7"])
    }

    /// SplitMix64: generated data that is the same on every run, so a failure can be reproduced.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theIndexAgreesWithTheOriginalLoopOnGeneratedData(_ seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let pool = (0..<300).map { "ingredient \($0)" }
        let recipes = (0..<2_000).map { number in
            Recipe(
                name: "Recipe \(number)",
                ingredients: (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
        }
        let available = Array(pool.shuffled(using: &generator).prefix(240))
        #expect(cookable(recipes, available) == RecipeFilter.originalFilter(recipes, available: available).map(\.name))
    }
}
