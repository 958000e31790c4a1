import AtriumSDK
import AtriumTestKit
import Testing

@testable import Cookbook

@Suite("Cookbook's pantry scene")
struct PantrySceneTests {
    func toggles(_ screen: Screen) -> [String: Bool] {
        Dictionary(
            screen.nodes.compactMap { if case .toggle(let toggle) = $0 { (toggle.value, toggle.isOn) } else { nil } },
            uniquingKeysWith: { first, _ in first })
    }

    @Test func thePantryOffersEveryKnownIngredientWithTheSourcesSwitchedOn() async throws {
        let screen = try #require(await CookbookFixtures().pantryScene.load().screen)
        #expect(screen.form(posting: PantryScene.choose()) != nil)
        let switches = toggles(screen)
        #expect(Set(switches.filter(\.value).keys) == Set(RecipeFilterTests.referenceIngredients))
        #expect(switches["biscuit"] == false)
        #expect(screen.button(titled: "Use the recipe service's list again") == nil, "there is no pantry to reset yet")
    }

    @Test func choosingKeepsOnlyKnownIngredientsOnce() async throws {
        let fixtures = CookbookFixtures()
        let chosen = await fixtures.pantryScene.submit(
            PantryScene.choose, form: ["have[]": "egg"])
        #expect(chosen.redirect == DiscoverScene.page())
        let outcome = await fixtures.pantryScene.perform(.choose(PantryScene.Choice(have: ["egg", "egg", "unicorn", "Meat", "onion"])))
        #expect(outcome.status == 303 && outcome.redirect == DiscoverScene.page())
        let screen = try #require(await fixtures.pantryScene.load().screen)
        #expect(Set(toggles(screen).filter(\.value).keys) == ["Meat", "egg", "onion"])
        #expect(screen.shows("You have 3 ingredients."))
        let discover = try #require(await fixtures.discoverScene().load().screen)
        #expect(discover.recipes(in: "Recipes") == ["Meatloaf"])
    }

    @Test func resettingGoesBackToTheSourcesList() async throws {
        let fixtures = CookbookFixtures()
        _ = await fixtures.pantryScene.perform(.choose(PantryScene.Choice(have: ["egg"])))
        // English's singular is a plural form of the catalog's, as any language's is.
        let english = try #require(await fixtures.pantryScene.load().screen).translated(into: "en", by: CookbookModule.self)
        #expect(english.shows("You have 1 ingredient."))
        let reset = await fixtures.pantryScene.submit(PantryScene.reset, form: [:])
        #expect(reset.redirect == DiscoverScene.page())
        let screen = try #require(await fixtures.pantryScene.load().screen)
        #expect(screen.shows("These are the recipe service's ingredients. Switch off what you don't have."))
    }
}
