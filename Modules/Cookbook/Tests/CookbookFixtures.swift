import AtriumSDK
import AtriumTestKit

@testable import Cookbook

/// The reference recipes and the use cases on them, as the module wires them (one memo for every
/// request, so pantry changes must show through it), for scene tests.
struct CookbookFixtures {
    struct FixedSource: RecipeSource {
        var result: Result<RecipeBook, RecipeSourceError>
        func load() async throws(RecipeSourceError) -> RecipeBook { try result.get() }
    }

    static let book = RecipeBook(recipes: RecipeFilterTests.reference, availableIngredients: RecipeFilterTests.referenceIngredients)

    let storage = InMemoryRecordStore(declaredIn: CookbookModule.manifest)
    let discover: DiscoverRecipes
    let pantry: UpdatePantry

    init(_ result: Result<RecipeBook, RecipeSourceError> = .success(Self.book)) {
        let source = FixedSource(result: result)
        discover = DiscoverRecipes(
            source: source, pantry: StoredPantry(records: storage), images: NoImageLookup(), discoveries: Memo(capacity: 16),
            recipeDetails: Memo(capacity: 16))
        pantry = UpdatePantry(source: source, pantry: StoredPantry(records: storage), choiceLists: Memo(capacity: 16))
    }

    func context(parameters: [String: String] = [:], returnTo: String? = nil, flags: [String: Bool] = [:]) -> SceneContext {
        .testing(moduleID: "cookbook", parameters: parameters, returnTo: returnTo, storage: storage, flags: flags)
    }

    func discoverScene(flags: [String: Bool] = [:], returnTo: String? = nil) -> SceneTest<DiscoverScene> {
        SceneTest(
            DiscoverScene(discover: discover, pantry: pantry, view: DiscoverView(settingsRoute: nil)),
            context: context(returnTo: returnTo, flags: flags))
    }

    func recipeScene(_ number: String) -> SceneTest<RecipeScene> {
        SceneTest(RecipeScene(discover: discover), context: context(parameters: ["id": number]))
    }

    var pantryScene: SceneTest<PantryScene> { SceneTest(PantryScene(pantry: pantry), context: context()) }
}

extension Screen {
    /// The recipe cards in the list titled `title`, by the heading each shows.
    func recipes(in title: String) -> [String] {
        let list = nodes.lazy.compactMap { if case .list(let list) = $0, list.title?.text == title { list } else { nil } }.first
        return Screen(title: "", content: list?.content ?? []).nodes.compactMap {
            if case .heading(let heading) = $0, heading.level == 3 { heading.text } else { nil }
        }
    }
}
