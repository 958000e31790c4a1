import Cookbook
import Foundation

// Cookbook filter benchmark: `swift run -c release CookbookBenchmark [RECIPES] [INGREDIENTS]`.
// Generates recipes of 3 to 10 ingredients drawn from a pool a quarter larger than the available
// list, then times building the index, the indexed filter, and the original nested loop.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let recipeCount = arguments.first ?? 100_000
let ingredientCount = arguments.dropFirst().first ?? 2_000

var generator = SystemRandomNumberGenerator()
let pool = (0..<(ingredientCount * 5 / 4)).map { "ingredient-\($0)" }
let available = Array(pool.prefix(ingredientCount))
let recipes = (0..<recipeCount).map { number in
    Recipe(name: "Recipe \(number)", ingredients: (0..<Int.random(in: 3...10, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
}

func measure<Value>(_ body: () -> Value) -> (Value, Double) {
    let start = ContinuousClock.now
    let value = body()
    let elapsed = start.duration(to: .now)
    return (value, Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}

func format(_ milliseconds: Double) -> String { String(format: "%10.2f ms", milliseconds) }

print("Cookbook filter: \(recipeCount) recipes, \(ingredientCount) available ingredients (pool of \(pool.count))")
let (filter, indexTime) = measure { RecipeFilter(recipes: recipes) }
print("build the index (once per data load)  \(format(indexTime))")
var indexedTimes: [Double] = []
var indexed: [Int] = []
for _ in 0..<5 {
    let (result, time) = measure { filter.cookable(with: available) }
    indexed = result
    indexedTimes.append(time)
}
print("indexed filter, best of 5             \(format(indexedTimes.min()!))   (\(indexed.count) recipes kept)")
let (missing, missingTime) = measure { filter.missingOne(with: available) }
print("indexed 'missing one', once           \(format(missingTime))   (\(missing.count) recipes)")
let (original, originalTime) = measure { RecipeFilter.originalFilter(recipes, available: available) }
print("original nested loop, once            \(format(originalTime))   (\(original.count) recipes kept)")
guard original.map(\.name) == indexed.map({ recipes[$0].name }) else {
    print("MISMATCH: the indexed filter and the original loop disagree")
    exit(1)
}
print(String(format: "the indexed filter is %.0f× faster than the original loop, with the same result", originalTime / indexedTimes.min()!))
