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
        // One memo for every request, as the module wires it: pantry changes must show through it.
        let discover = DiscoverRecipes(
            source: source, pantry: pantry, images: NoImageLookup(), discoveries: Memo(capacity: 16), recipeDetails: Memo(capacity: 16))
        let update = UpdatePantry(source: source, pantry: pantry, choiceLists: Memo(capacity: 16))
        return (
            DiscoverModel(discover: discover, pantry: update, page: .path("/cookbook")), RecipeModel(discover: discover),
            PantryModel(pantry: update, discover: .path("/cookbook"))
        )
    }

    func loaded(_ state: SceneState<DiscoverPage>) throws -> DiscoverRecipes.Discovery {
        guard case .loaded(let page) = state else { throw Unexpected(state: "\(state)") }
        #expect(page.showsMissingOne, "the flag's default")
        return page.discovery
    }

    struct Unexpected: Error, CustomStringConvertible {
        var state: String
        var description: String { "expected a loaded state, got \(state)" }
    }

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
        let storage = InMemoryRecordStore()
        let memo = Memo<PantryBasis, DiscoverRecipes.Discovery>(capacity: 16)
        let pictures = FlakyPictures(failures: 1)
        let discover = DiscoverRecipes(
            source: FixedSource(result: .success(Self.book)), pantry: StoredPantry(records: storage), images: pictures, discoveries: memo,
            recipeDetails: Memo(capacity: 16))
        let update = UpdatePantry(source: FixedSource(result: .success(Self.book)), pantry: StoredPantry(records: storage))
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

    @Test func discoverLoadsWhatCanBeCookedAndWhatNeedsOneMore() async throws {
        let (discover, _, _) = models(FixedSource(result: .success(Self.book)))
        let discovery = try loaded(try await discover.load(.testing()))
        #expect(discovery.cookable.map(\.name) == ["Chicken tikka masala", "Meatball", "Meatloaf"])
        #expect(discovery.cookable.map(\.number) == [2, 5, 6])
        #expect(discovery.missingOne.map(\.missing) == ["biscuit", "chocolate"])
        #expect(discovery.available.map(\.name) == RecipeFilterTests.referenceIngredients)
        #expect(discovery.usesPantry == false)
    }

    @Test func theMissingOneFlagHidesTheSectionAndMakesADifferentPage() async throws {
        let (discover, _, _) = models(FixedSource(result: .success(Self.book)))
        let off = try await discover.load(.testing(services: TestSceneServices(flags: ["missingOne": .off])))
        guard case .loaded(let page) = off else { throw Unexpected(state: "\(off)") }
        #expect(!page.showsMissingOne && page.discovery.missingOne.count == 2)
        let on = try await discover.load(.testing(services: TestSceneServices(flags: ["missingOne": .on])))
        #expect(on != off, "the flag's value is part of which page it is, so a kept page never crosses over")
        let registrar = ModuleRegistrar.testing(CookbookModule.manifest)
        let view = DiscoverView(
            recipe: registrar.page("/cookbook/recipes/{id}", parameters: RecipeNumber.self),
            add: registrar.action("/cookbook/pantry/{ingredient}/add", parameters: IngredientName.self),
            remove: registrar.action("/cookbook/pantry/{ingredient}/remove", parameters: IngredientName.self),
            pantry: registrar.page("/cookbook/pantry"), settingsRoute: nil)
        #expect(!"\(view.screen(for: page))".contains("Missing one ingredient"))
        #expect("\(view.screen(for: DiscoverPage(discovery: page.discovery, showsMissingOne: true)))".contains("Missing one ingredient"))
    }

    @Test(arguments: [RecipeSourceError.timedOut, .status(500), .undecodable(what: "recipes"), .empty(what: "recipes"), .invalidURL("x")])
    func aFailingSourceGivesTheFailedStateWithItsMessage(_ error: RecipeSourceError) async throws {
        let (discover, recipe, pantry) = models(FixedSource(result: .failure(error)))
        #expect(try await discover.load(.testing()) == .failed(error.description))
        #expect(try await recipe.load(.testing(parameters: ["id": "1"])) == .failed(error.description))
        let pantryState = try await pantry.load(.testing())
        guard case .failed(let message) = pantryState else {
            Issue.record("pantry did not fail: \(pantryState)")
            return
        }
        #expect(message == error.description)
        guard case .unavailable(let actionMessage) = try await discover.perform(.add(IngredientName(ingredient: "egg")), context: .testing()) else {
            Issue.record("an action on a failing source should be unavailable")
            return
        }
        #expect(actionMessage == error.description)
    }

    @Test func anUnknownRecipeNumberIsMissing() async throws {
        let (_, recipe, _) = models(FixedSource(result: .success(Self.book)))
        let unknown = try await recipe.load(.testing(parameters: ["id": "99"]))
        guard case .missing = unknown else {
            Issue.record("expected missing, got \(unknown)")
            return
        }
        let loaded = try await recipe.load(.testing(parameters: ["id": "3"]))
        guard case .loaded(let detail) = loaded else {
            Issue.record("expected the cheesecake, got \(loaded)")
            return
        }
        #expect(detail.ingredients.map(\.name) == ["biscuit", "butter", "sugar"])
        #expect(detail.ingredients.map(\.isAvailable) == [false, true, true])
    }

    @Test func addingTheMissingIngredientMovesTheRecipeUpAndComesBack() async throws {
        let storage = InMemoryRecordStore()
        let (discover, _, _) = models(FixedSource(result: .success(Self.book)), storage: storage)
        let outcome = try await discover.perform(.add(IngredientName(ingredient: "biscuit")), context: .testing())
        guard case .navigateBack(otherwise: .path("/cookbook")) = outcome else {
            Issue.record("expected a redirect back, else to Discover, got \(outcome)")
            return
        }
        let discovery = try loaded(try await discover.load(.testing()))
        #expect(discovery.cookable.map(\.name) == ["Chicken tikka masala", "Cheesecake", "Meatball", "Meatloaf"])
        #expect(discovery.usesPantry)
        let removed = try await discover.perform(.remove(IngredientName(ingredient: "Meat")), context: .testing(returnTo: "/cookbook/recipes/5"))
        guard case .navigateBack = removed else {
            Issue.record("expected to go back to the recipe, got \(removed)")
            return
        }
        let after = try loaded(try await discover.load(.testing()))
        #expect(after.cookable.map(\.name) == ["Chicken tikka masala", "Cheesecake"])
    }

    @Test func choosingThePantryKeepsOnlyKnownIngredientsOnce() async throws {
        let (discover, _, pantry) = models(FixedSource(result: .success(Self.book)))
        let outcome = try await pantry.perform(.choose(PantryModel.Choice(have: ["egg", "egg", "unicorn", "Meat", "onion"])), context: .testing())
        guard case .navigate(.path("/cookbook")) = outcome else {
            Issue.record("expected Discover, got \(outcome)")
            return
        }
        let discovery = try loaded(try await discover.load(.testing()))
        #expect(discovery.available.map(\.name) == ["Meat", "egg", "onion"])
        #expect(discovery.cookable.map(\.name) == ["Meatloaf"])
    }
}
