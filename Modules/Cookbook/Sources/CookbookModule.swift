import AtriumSDK
import Foundation

/// Cookbook: the recipes you can cook with the ingredients you have. Data comes embedded (the
/// default) or from a recipe service speaking the original wire format; pictures are embedded or
/// come from a Pixabay-style image search.
public struct CookbookModule: AtriumModule {
    public typealias Configuration = CookbookConfiguration

    /// Discover's "Missing one ingredient" section (the worked example of a feature flag).
    static let missingOne = FeatureFlag(
        "missingOne", description: "Discover lists the recipes missing one ingredient, each with a button to add it", defaultValue: true)

    public static let manifest = ModuleManifest(id: "cookbook", title: "Cookbook", version: "1.0.0", binds: ["cookbook"], flags: [missingOne])

    public init() {}

    public func register(in registrar: ModuleRegistrar, configuration: Configuration) async throws {
        let source: any RecipeSource
        var embeddedNames: [String] = []
        switch configuration.source {
        case .embedded:
            let embedded: EmbeddedRecipeSource
            do {
                embedded = try EmbeddedRecipeSource()
            } catch {
                throw SettingProblem(key: "source", message: "the embedded recipes cannot be read: \(error)")
            }
            embeddedNames = embedded.book.allIngredients + embedded.book.recipes.map(\.name)
            source = embedded
        case .remote:
            source = RemoteRecipeSource(
                recipesURL: configuration.recipesURL ?? "",
                ingredientsURL: configuration.ingredientsURL ?? "",
                http: registrar.services.http,
                timeout: .seconds(configuration.timeoutSeconds),
                refresh: .seconds(configuration.refreshSeconds),
                clock: registrar.services.clock,
                logger: registrar.logger
            )
        }

        let images: any ImageLookup
        switch configuration.images.provider {
        case .embedded:
            let artwork = EmbeddedArtwork(names: embeddedNames)
            for name in Set(embeddedNames) {
                registrar.asset(
                    named: "art/\(EmbeddedArtwork.slug(name)).svg", contents: Array(EmbeddedArtwork.svg(for: name).utf8), contentType: "image/svg+xml"
                )
            }
            images = artwork
        case .pixabay:
            images = PixabayImageLookup(
                baseURL: configuration.images.baseURL,
                key: configuration.images.key ?? "",
                http: registrar.services.http,
                clock: registrar.services.clock,
                logger: registrar.logger
            )
        case .none:
            images = NoImageLookup()
        }

        // A pantry chosen before signing in joins the account's: its ingredients, then the visitor's.
        registrar.mergeAtSignIn(StoredPantry.Record.self, in: StoredPantry.collection) { visitor, account in
            StoredPantry.Record.merged(visitor: visitor, account: account)
        }
        // What Discover and the pantry page show for a set of ingredients is worked out once per data load.
        let discoveries = Memo<PantryBasis, DiscoverRecipes.Discovery>(capacity: 512)
        let choiceLists = Memo<PantryBasis, [UpdatePantry.Choice]>(capacity: 512)
        let recipeDetails = Memo<DiscoverRecipes.RecipeKey, DiscoverRecipes.RecipeDetail>(capacity: 4096)
        registrar.factory(DiscoverRecipes.self) { context in
            DiscoverRecipes(
                source: source, pantry: StoredPantry(records: context.storage), images: images, discoveries: discoveries, recipeDetails: recipeDetails
            )
        }
        registrar.factory(UpdatePantry.self) { context in
            UpdatePantry(source: source, pantry: StoredPantry(records: context.storage), choiceLists: choiceLists)
        }

        let discoverPage = registrar.page("/cookbook", name: "cookbook")
        let recipePage = registrar.page("/cookbook/recipes/{id}", parameters: RecipeNumber.self)
        let pantryPage = registrar.page("/cookbook/pantry")
        let add = registrar.action("/cookbook/pantry/{ingredient}/add", parameters: IngredientName.self)
        let remove = registrar.action("/cookbook/pantry/{ingredient}/remove", parameters: IngredientName.self)
        let choose = registrar.action("/cookbook/pantry")
        let reset = registrar.action("/cookbook/pantry/reset")

        registrar.scene(
            "discover",
            title: "Discover",
            isEntry: true,
            model: { context in
                DiscoverModel(discover: try context.make(DiscoverRecipes.self), pantry: try context.make(UpdatePantry.self), page: discoverPage())
            },
            view: DiscoverView(recipe: recipePage, add: add, remove: remove, pantry: pantryPage, settingsRoute: configuration.settingsRoute),
            routes: [.page(discoverPage), .action(add, DiscoverModel.Action.add), .action(remove, DiscoverModel.Action.remove)]
        )
        registrar.scene(
            "recipe",
            title: "Recipe",
            model: { context in RecipeModel(discover: try context.make(DiscoverRecipes.self)) },
            view: RecipeView(recipe: recipePage, add: add, discover: discoverPage),
            routes: [.page(recipePage)]
        )
        registrar.scene(
            "pantry",
            title: "Your ingredients",
            model: { context in PantryModel(pantry: try context.make(UpdatePantry.self), discover: discoverPage()) },
            view: PantryView(choose: choose, reset: reset, discover: discoverPage),
            routes: [.page(pantryPage), .action(choose, PantryModel.Action.choose), .action(reset, .reset)]
        )
    }
}
