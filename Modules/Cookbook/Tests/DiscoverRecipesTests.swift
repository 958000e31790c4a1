import AtriumSDK
import AtriumTestKit
import Testing

@testable import Cookbook

@Suite("Cookbook's discover use case")
struct DiscoverRecipesTests {
    /// Pictures that fail for the first `failures` asks, then are found.
    actor FlakyPictures: ImageLookup {
        var failures: Int
        init(failures: Int) { self.failures = failures }
        func images(for names: [String]) async -> Pictures {
            if failures > 0 {
                failures -= 1
                return Pictures(byName: [:], isFinal: false)
            }
            return Pictures(byName: Dictionary(names.map { ($0, "/pictures/\($0)") }, uniquingKeysWith: { first, _ in first }))
        }
    }

    @Test func aDiscoveryIsWorkedOutOncePerPantryAndAgainWhilePicturesAreMissing() async throws {
        let storage = InMemoryRecordStore(declaredIn: CookbookModule.manifest)
        let source = CookbookFixtures.FixedSource(result: .success(CookbookFixtures.book))
        let discover = DiscoverRecipes(
            source: source, pantry: StoredPantry(records: storage), images: FlakyPictures(failures: 1), discoveries: Memo(capacity: 16),
            recipeDetails: Memo(capacity: 16))
        let update = UpdatePantry(source: source, pantry: StoredPantry(records: storage))
        let withoutPictures = try await discover.discover()
        #expect(withoutPictures.cookable.allSatisfy { $0.image == nil })
        let first = try await discover.discover()
        #expect(first != withoutPictures, "an answer missing pictures is not kept")
        #expect(first.cookable.allSatisfy { $0.image != nil })
        #expect(try await discover.discover() == first, "the same pantry: the same answer, from memory")
        let recipeBefore = try #require(try await discover.recipe(number: 2))
        #expect(recipeBefore.ingredients.first { $0.name == "chicken" }?.isAvailable == true)
        try await update.remove("chicken")
        let recipeAfter = try #require(try await discover.recipe(number: 2))
        #expect(recipeAfter.ingredients.first { $0.name == "chicken" }?.isAvailable == false, "a recipe's page follows the pantry")
        let after = try await discover.discover()
        #expect(after != first && !after.cookable.map(\.name).contains("Chicken tikka masala"))
        try await update.add("chicken")
        #expect(try await discover.discover().cookable.map(\.name) == first.cookable.map(\.name))
    }
}
