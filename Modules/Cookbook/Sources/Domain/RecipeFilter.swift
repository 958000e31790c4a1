/// The original rule — keep a recipe when every one of its ingredient names is in the available
/// list; exact, case-sensitive; order kept; a recipe with no ingredients passes — made fast by an
/// index built once per data load: each ingredient name gets a number, each recipe keeps the
/// numbers of its distinct ingredients, and a filter marks the available numbers in a table.
/// 100,000 recipes against 2,000 ingredients filter in milliseconds (see the Cookbook benchmark).
public struct RecipeFilter: Sendable {
    private let numbers: [String: Int32]
    /// The name of each ingredient number.
    private let names: [String]
    /// The distinct ingredient numbers of every recipe, one after another.
    private let ingredients: [Int32]
    /// Where each recipe's numbers start in `ingredients`; one more entry than there are recipes.
    private let starts: [Int]

    public init(recipes: [Recipe]) {
        var numbers: [String: Int32] = [:]
        var ingredients: [Int32] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(recipes.count + 1)
        // The last recipe each ingredient number was added to: a recipe that names an ingredient
        // twice keeps it once, in one pass however long the recipe is.
        var lastRecipe: [Int] = []
        for (index, recipe) in recipes.enumerated() {
            for name in recipe.ingredients {
                let number: Int32
                if let known = numbers[name] {
                    number = known
                } else {
                    number = Int32(numbers.count)
                    numbers[name] = number
                    lastRecipe.append(-1)
                }
                if lastRecipe[Int(number)] != index {
                    lastRecipe[Int(number)] = index
                    ingredients.append(number)
                }
            }
            starts.append(ingredients.count)
        }
        var names = [String](repeating: "", count: numbers.count)
        for (name, number) in numbers { names[Int(number)] = name }
        self.numbers = numbers
        self.names = names
        self.ingredients = ingredients
        self.starts = starts
    }

    public var recipeCount: Int { starts.count - 1 }

    /// The positions of the recipes that can be cooked, in their original order.
    public func cookable(with available: [String]) -> [Int] {
        let have = table(for: available)
        return (0..<recipeCount).filter { recipe in
            ingredients[starts[recipe]..<starts[recipe + 1]].allSatisfy { have[Int($0)] }
        }
    }

    /// The positions of the recipes that lack exactly one ingredient, with its name, in order.
    public func missingOne(with available: [String]) -> [(recipe: Int, missing: String)] {
        let have = table(for: available)
        var result: [(Int, String)] = []
        for recipe in 0..<recipeCount {
            var missing: Int32 = -1
            var count = 0
            for number in ingredients[starts[recipe]..<starts[recipe + 1]] where !have[Int(number)] {
                count += 1
                missing = number
                if count > 1 { break }
            }
            if count == 1 { result.append((recipe, names[Int(missing)])) }
        }
        return result
    }

    private func table(for available: [String]) -> [Bool] {
        var have = [Bool](repeating: false, count: numbers.count)
        for name in available {
            if let number = numbers[name] { have[Int(number)] = true }
        }
        return have
    }

    /// The original app's nested loop, kept as the reference the index must agree with and as the
    /// benchmark's baseline.
    public static func originalFilter(_ recipes: [Recipe], available: [String]) -> [Recipe] {
        recipes.filter { recipe in
            recipe.ingredients.allSatisfy { ingredient in available.contains(ingredient) }
        }
    }
}
