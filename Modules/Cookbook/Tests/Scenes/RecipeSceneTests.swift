import AtriumSDK
import AtriumTestKit
import Testing

@testable import Cookbook

@Suite("Cookbook's recipe scene")
struct RecipeSceneTests {
    @Test func aRecipeMarksEachIngredientAndOffersWhatIsMissing() async throws {
        let page = await CookbookFixtures().recipeScene("3").load()
        #expect(page.status == 200)
        let screen = try #require(page.screen)
        #expect(screen.title == "Cheesecake")
        #expect(screen.shows("✗ biscuit — missing") && screen.shows("✓ butter — available") && screen.shows("✓ sugar — available"))
        let add = try #require(screen.button(titled: "I have biscuit"))
        #expect(add.action == DiscoverScene.add(IngredientName(ingredient: "biscuit"), returnTo: RecipeScene.page(RecipeNumber(id: 3))))
        #expect(screen.link(titled: "Back to Discover")?.target == DiscoverScene.page())
    }

    @Test func anUnknownRecipeNumberIsNotFound() async throws {
        let page = await CookbookFixtures().recipeScene("99").load()
        #expect(page.status == 404)
        #expect(page.screen?.shows("There is no recipe with this number. Go back to Discover to see every recipe.") == true)
    }

    @Test func aFailingSourceIsUnavailable() async throws {
        let page = await CookbookFixtures(.failure(.timedOut)).recipeScene("1").load()
        #expect(page.status == 503)
        #expect(page.screen?.messages.first?.text.text == RecipeSourceError.timedOut.description)
    }
}
