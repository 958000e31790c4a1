import AtriumSDK
import AtriumTestKit
import Testing

@testable import Cookbook

@Suite("Cookbook view models")
struct CookbookModelTests {
    struct FixedSource: RecipeSource {
        var result: Result<RecipeBook, RecipeSourceError>
        func load() async throws(RecipeSourceError) -> RecipeBook { try result.get() }
    }

    static let book = RecipeBook(recipes: RecipeFilterTests.reference, availableIngredients: RecipeFilterTests.referenceIngredients)

    func models(_ source: any RecipeSource, storage: InMemoryRecordStore = InMemoryRecordStore()) -> (DiscoverModel, RecipeModel, PantryModel) {
        let pantry = StoredPantry(records: storage)
        let discover = DiscoverRecipes(source: source, pantry: pantry, images: NoImageLookup())
        let update = UpdatePantry(source: source, pantry: pantry)
        return (DiscoverModel(discover: discover, pantry: update), RecipeModel(discover: discover), PantryModel(pantry: update))
    }

    @Test func discoverLoadsWhatCanBeCookedAndWhatNeedsOneMore() async throws {
        let (discover, _, _) = models(FixedSource(result: .success(Self.book)))
        guard case .loaded(let discovery) = try await discover.load(.testing()) else {
            Issue.record("not loaded")
            return
        }
        #expect(discovery.cookable.map(\.name) == ["Chicken tikka masala", "Meatball", "Meatloaf"])
        #expect(discovery.cookable.map(\.number) == [2, 5, 6])
        #expect(discovery.missingOne.map(\.missing) == ["biscuit", "chocolate"])
        #expect(discovery.available.map(\.name) == RecipeFilterTests.referenceIngredients)
        #expect(discovery.usesPantry == false)
    }

    @Test(arguments: [RecipeSourceError.timedOut, .status(500), .undecodable(what: "recipes"), .empty(what: "recipes"), .invalidURL("x")])
    func aFailingSourceGivesTheFailedStateWithItsMessage(_ error: RecipeSourceError) async throws {
        let (discover, recipe, pantry) = models(FixedSource(result: .failure(error)))
        #expect(try await discover.load(.testing()) == .failed(error.description))
        #expect(try await recipe.load(.testing(parameters: ["id": "1"])) == .failed(error.description))
        if case .failed(let message) = try await pantry.load(.testing()) {
            #expect(message == error.description)
        } else {
            Issue.record("pantry did not fail")
        }
    }

    @Test func anUnknownRecipeNumberIsMissing() async throws {
        let (_, recipe, _) = models(FixedSource(result: .success(Self.book)))
        if case .missing = try await recipe.load(.testing(parameters: ["id": "99"])) {} else { Issue.record("expected missing") }
        guard case .loaded(let detail) = try await recipe.load(.testing(parameters: ["id": "3"])) else {
            Issue.record("expected the cheesecake")
            return
        }
        #expect(detail.ingredients.map(\.name) == ["biscuit", "butter", "sugar"])
        #expect(detail.ingredients.map(\.isAvailable) == [false, true, true])
    }

    @Test func addingTheMissingIngredientMovesTheRecipeUp() async throws {
        let storage = InMemoryRecordStore()
        let (discover, _, _) = models(FixedSource(result: .success(Self.book)), storage: storage)
        let outcome = try await discover.add("biscuit", context: .testing())
        guard case .navigate(.route("cookbook", _)) = outcome else {
            Issue.record("expected a redirect to Discover, got \(outcome)")
            return
        }
        guard case .loaded(let discovery) = try await discover.load(.testing()) else { return }
        #expect(discovery.cookable.map(\.name) == ["Chicken tikka masala", "Cheesecake", "Meatball", "Meatloaf"])
        #expect(discovery.usesPantry)
        _ = try await discover.remove("Meat", context: .testing(query: ["returnTo": "/cookbook/recipes/5"]))
        guard case .loaded(let after) = try await discover.load(.testing()) else { return }
        #expect(after.cookable.map(\.name) == ["Chicken tikka masala", "Cheesecake"])
    }
}
