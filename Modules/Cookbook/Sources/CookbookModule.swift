import AtriumSDK
import Foundation

/// Cookbook: the recipes you can cook with the ingredients you have. Data comes embedded (the
/// default) or from a recipe service speaking the original wire format; pictures are embedded or
/// come from a Pixabay-style image search.
public struct CookbookModule: AtriumModule {
    public typealias Configuration = CookbookConfiguration

    public static let manifest = ModuleManifest(
        id: "cookbook", title: "Cookbook", version: "1.0.0", binds: ["cookbook"], flags: [DiscoverScene.missingOne],
        collections: [StoredCollection(StoredPantry.collection, holds: "each visitor's or account's pantry: the ingredients they have")],
        remoteServices: [
            RemoteService("recipes", title: "the recipe and ingredient lists (source: remote)"),
            RemoteService("pixabay", title: "Pixabay's image search (images.provider: pixabay)"),
        ])

    /// Its wording in Spanish too (`Resources/Localizable.xcstrings`).
    public static var translations: ModuleTranslations? { Localizable.translations }

    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
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
                http: Self.recipeService(configuration, registrar: registrar),
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
                http: registrar.remoteService("pixabay", at: configuration.images.baseURL),
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

        // Use cases: made for each request, on the records of whoever is asking.
        @Sendable func discover(_ context: SceneContext) -> DiscoverRecipes {
            DiscoverRecipes(
                source: source, pantry: StoredPantry(records: context.storage), images: images, discoveries: discoveries, recipeDetails: recipeDetails
            )
        }
        @Sendable func updatePantry(_ context: SceneContext) -> UpdatePantry {
            UpdatePantry(source: source, pantry: StoredPantry(records: context.storage), choiceLists: choiceLists)
        }

        // Scenes.
        let discoverView = DiscoverView(settingsRoute: configuration.settingsRoute)
        registrar.scene(DiscoverScene.self) { context in
            DiscoverScene(discover: discover(context), pantry: updatePantry(context), view: discoverView)
        }
        registrar.scene(RecipeScene.self) { context in RecipeScene(discover: discover(context)) }
        registrar.scene(PantryScene.self) { context in PantryScene(pantry: updatePantry(context)) }
    }

    /// The client for the remote recipe lists: both addresses (they may be on two hosts) are the
    /// `recipes` service. The configuration has checked that both are set (`source: remote`).
    private static func recipeService(_ configuration: Configuration, registrar: any ModuleRegistrar) -> any RemoteHTTPClient {
        for address in [configuration.ingredientsURL, configuration.recipesURL].compactMap(\.self) {
            _ = registrar.remoteService("recipes", at: address)
        }
        return registrar.services.http
    }
}
