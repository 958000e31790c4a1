import AtriumSDK
import AtriumTestKit
import Testing

@testable import Cookbook

@Suite("Cookbook's Discover scene")
struct DiscoverSceneTests {
    @Test func discoverShowsWhatCanBeCookedAndWhatNeedsOneMore() async throws {
        let page = await CookbookFixtures().discoverScene().load()
        #expect(page.status == 200)
        let screen = try #require(page.screen)
        #expect(screen.recipes(in: "Recipes") == ["Chicken tikka masala", "Meatball", "Meatloaf"])
        #expect(screen.recipes(in: "Missing one ingredient") == ["Cheesecake", "Chocolate brownie"])
        #expect(screen.button(titled: "I have biscuit")?.action == DiscoverScene.add(IngredientName(ingredient: "biscuit")))
        #expect(screen.button(titled: "I have chocolate") != nil)
        #expect(screen.link(titled: "Choose your ingredients")?.target == PantryScene.page())
        for ingredient in RecipeFilterTests.referenceIngredients { #expect(screen.shows(ingredient), "\(ingredient)") }
    }

    @Test func aRecipeCardLeadsToTheRecipeScene() async throws {
        let screen = try #require(await CookbookFixtures().discoverScene().load().screen)
        let cards = screen.nodes.compactMap { if case .card(let card) = $0 { card.target } else { nil } }
        #expect(Array(cards.prefix(3)) == [2, 5, 6].map { RecipeScene.page(RecipeNumber(id: $0)) })
    }

    @Test func theMissingOneFlagHidesTheSectionAndMakesADifferentPage() async throws {
        let fixtures = CookbookFixtures()
        let off = try #require(await fixtures.discoverScene(flags: [DiscoverScene.missingOne.name: false]).load().screen)
        #expect(off.recipes(in: "Missing one ingredient").isEmpty && off.button(titled: "I have biscuit") == nil)
        let on = try #require(await fixtures.discoverScene(flags: [DiscoverScene.missingOne.name: true]).load().screen)
        #expect(on.button(titled: "I have biscuit") != nil)
        let discover = DiscoverScene(discover: fixtures.discover, pantry: fixtures.pantry, view: DiscoverView(settingsRoute: nil))
        let offState = try await discover.load(fixtures.context(flags: [DiscoverScene.missingOne.name: false]))
        let onState = try await discover.load(fixtures.context(flags: [DiscoverScene.missingOne.name: true]))
        #expect(onState != offState, "the flag's value is part of which page it is, so a kept page never crosses over")
    }

    @Test(arguments: [RecipeSourceError.timedOut, .status(500), .undecodable(what: "recipes"), .empty(what: "recipes"), .invalidURL("x")])
    func aFailingSourceIsUnavailableWithItsMessage(_ error: RecipeSourceError) async throws {
        let fixtures = CookbookFixtures(.failure(error))
        let page = await fixtures.discoverScene().load()
        #expect(page.status == 503)
        #expect(page.screen?.messages.first?.text.text == error.description)
        let added = await fixtures.discoverScene().perform(.add(IngredientName(ingredient: "egg")))
        #expect(added.status == 503 && added.screen?.messages.first?.text.text == error.description, "an action on a failing source loses nothing")
    }

    @Test func addingTheMissingIngredientMovesTheRecipeUpAndGoesBack() async throws {
        let fixtures = CookbookFixtures()
        let added = await fixtures.discoverScene().perform(.add(IngredientName(ingredient: "biscuit")))
        #expect(added.status == 303 && added.redirect == DiscoverScene.page(), "with nowhere to go back to, Discover")
        let screen = try #require(await fixtures.discoverScene().load().screen)
        #expect(screen.recipes(in: "Recipes") == ["Chicken tikka masala", "Cheesecake", "Meatball", "Meatloaf"])
        #expect(screen.link(titled: "Edit your ingredients") != nil, "the visitor has a pantry now")

        let removed = await fixtures.discoverScene(returnTo: "/cookbook/recipes/5").perform(.remove(IngredientName(ingredient: "Meat")))
        #expect(removed.redirect == .path("/cookbook/recipes/5"), "back to the recipe it was asked from")
        let after = try #require(await fixtures.discoverScene().load().screen)
        #expect(after.recipes(in: "Recipes") == ["Chicken tikka masala", "Cheesecake"])
    }

    @Test func ingredientsAreDataAndTheLabelsAreWording() async throws {
        let screen = try #require(await CookbookFixtures().discoverScene().load().screen)
        let texts = screen.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
        #expect(texts.first { $0.text == "egg" }?.wording == nil, "an ingredient's name is data")
        let missing = try #require(texts.first { $0.text.hasPrefix("Missing: ") })
        #expect(missing.wording?.key == "Missing: %@")
    }

    @Test func anIngredientAddedOrRemovedIsThePantrysAndTheVisitorGoesBack() async throws {
        let fixtures = CookbookFixtures()
        let discover = SceneTest(
            DiscoverScene(discover: fixtures.discover, pantry: fixtures.pantry, view: DiscoverView(settingsRoute: nil)),
            context: fixtures.context(parameters: ["ingredient": "biscuit"], returnTo: "/cookbook/recipes/2"), exhaustive: true)
        let added = await discover.submit(DiscoverScene.add, form: [:])
        added.expect(.wrote(collection: StoredPantry.collection, id: StoredPantry.id), .redirected(to: .path("/cookbook/recipes/2")))
        let screen = try #require(await fixtures.discoverScene().load().screen)
        #expect(screen.recipes(in: "Recipes").contains("Cheesecake"), "biscuit was the one ingredient it lacked")
        let removed = await discover.submit(DiscoverScene.remove, form: [:])
        removed.expect(.wrote(collection: StoredPantry.collection, id: StoredPantry.id), .redirected(to: .path("/cookbook/recipes/2")))
        #expect(try #require(await fixtures.discoverScene().load().screen).recipes(in: "Recipes").contains("Cheesecake") == false)
    }
}
