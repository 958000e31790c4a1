import AtriumSDK
import Foundation

/// Cookbook: the recipes you can cook with the ingredients you have. Data comes embedded (the
/// default) or from a recipe service speaking the original wire format; pictures are embedded or
/// come from a Pixabay-style image search.
public struct CookbookModule: AtriumModule {
    public enum Source: String, Decodable, Sendable { case embedded, remote }
    public enum ImageProvider: String, Decodable, Sendable { case embedded, pixabay, none }

    public struct Images: Decodable, Sendable {
        public var provider: ImageProvider
        /// The image search key (a secret: never logged).
        public var key: String?
        public var baseURL: String

        enum CodingKeys: String, CodingKey { case provider, key, baseURL }

        public init(provider: ImageProvider = .embedded, key: String? = nil, baseURL: String = "https://pixabay.com/api/") {
            self.provider = provider
            self.key = key
            self.baseURL = baseURL
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            provider = try container.decodeIfPresent(ImageProvider.self, forKey: .provider) ?? .embedded
            key = try container.decodeIfPresent(String.self, forKey: .key)
            baseURL = try container.decodeIfPresent(String.self, forKey: .baseURL) ?? "https://pixabay.com/api/"
            if provider == .pixabay && (key ?? "").isEmpty {
                throw DecodingError.keyNotFound(CodingKeys.key, .init(codingPath: container.codingPath, debugDescription: "pixabay needs a key"))
            }
            guard Configuration.isWebAddress(baseURL) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .baseURL, in: container, debugDescription: "'\(baseURL)' is not an http(s) address, such as https://pixabay.com/api/")
            }
        }
    }

    public struct Configuration: Decodable, Sendable {
        public var source: Source
        public var recipesURL: String?
        public var ingredientsURL: String?
        public var images: Images
        /// Where the toolbar's settings button leads; no button when unset.
        public var settingsRoute: RouteName?
        public var timeoutSeconds: Int
        /// How long a remote load (and its index) is kept before the service is asked again.
        public var refreshSeconds: Int

        enum CodingKeys: String, CodingKey { case source, recipesURL, ingredientsURL, images, settingsRoute, timeoutSeconds, refreshSeconds }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = try container.decodeIfPresent(Source.self, forKey: .source) ?? .embedded
            recipesURL = try container.decodeIfPresent(String.self, forKey: .recipesURL)
            ingredientsURL = try container.decodeIfPresent(String.self, forKey: .ingredientsURL)
            images = try container.decodeIfPresent(Images.self, forKey: .images) ?? Images()
            settingsRoute = try container.decodeIfPresent(RouteName.self, forKey: .settingsRoute)
            timeoutSeconds = try container.decodeIfPresent(Int.self, forKey: .timeoutSeconds) ?? 10
            refreshSeconds = try container.decodeIfPresent(Int.self, forKey: .refreshSeconds) ?? 300
            if source == .remote {
                if recipesURL == nil {
                    throw DecodingError.keyNotFound(
                        CodingKeys.recipesURL, .init(codingPath: container.codingPath, debugDescription: "remote needs it"))
                }
                if ingredientsURL == nil {
                    throw DecodingError.keyNotFound(
                        CodingKeys.ingredientsURL, .init(codingPath: container.codingPath, debugDescription: "remote needs it"))
                }
            }
            guard (1...300).contains(timeoutSeconds) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .timeoutSeconds, in: container, debugDescription: "use a number of seconds from 1 to 300, such as 10")
            }
            guard (0...604_800).contains(refreshSeconds) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .refreshSeconds, in: container, debugDescription: "use a number of seconds from 0 to 604800 (a week), such as 300")
            }
            for (key, url) in [(CodingKeys.recipesURL, recipesURL), (.ingredientsURL, ingredientsURL)] {
                if let url, !Self.isWebAddress(url) {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container,
                        debugDescription: "'\(url)' is not an http(s) address; write one such as https://example.com/recipes")
                }
            }
        }

        /// An http or https address with a host: the only kind the recipe service can have.
        static func isWebAddress(_ text: String) -> Bool {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
            return ["http", "https"].contains(scheme) && url.host?.isEmpty == false
        }
    }

    public static let manifest = ModuleManifest(id: "cookbook", title: "Cookbook", version: "1.0.0", binds: ["cookbook"])

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
                throw ModuleBootError(key: "source", message: "the embedded recipes cannot be read: \(error)")
            }
            embeddedNames = embedded.book.allIngredients + embedded.book.recipes.map(\.name)
            source = embedded
        case .remote:
            source = RemoteRecipeSource(
                recipesURL: configuration.recipesURL ?? "",
                ingredientsURL: configuration.ingredientsURL ?? "",
                http: registrar.httpClient,
                timeout: .seconds(configuration.timeoutSeconds),
                refresh: .seconds(configuration.refreshSeconds),
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
                http: registrar.httpClient,
                logger: registrar.logger
            )
        case .none:
            images = NoImageLookup()
        }

        // A pantry chosen before signing in joins the account's: its ingredients, then the visitor's.
        registrar.mergeAtSignIn(StoredPantry.Record.self, in: StoredPantry.collection) { visitor, account in
            StoredPantry.Record.merged(visitor: visitor, account: account)
        }
        registrar.factory(DiscoverRecipes.self) { context in
            DiscoverRecipes(source: source, pantry: StoredPantry(records: context.storage), images: images)
        }
        registrar.factory(UpdatePantry.self) { context in
            UpdatePantry(source: source, pantry: StoredPantry(records: context.storage))
        }

        let discover = registrar.scene(
            "discover",
            title: "Discover",
            isEntry: true,
            model: { context in DiscoverModel(discover: try context.make(DiscoverRecipes.self), pantry: try context.make(UpdatePantry.self)) },
            view: DiscoverView(settingsRoute: configuration.settingsRoute)
        )
        registrar.get("/cookbook", name: "cookbook", scene: discover)
        registrar.post("/cookbook/pantry/{ingredient}/add", name: "cookbook.pantry.add", scene: discover, action: EmptyAction.self) {
            model, _, context in
            try await model.add(try context.parameters.string("ingredient"), context: context)
        }
        registrar.post("/cookbook/pantry/{ingredient}/remove", name: "cookbook.pantry.remove", scene: discover, action: EmptyAction.self) {
            model, _, context in
            try await model.remove(try context.parameters.string("ingredient"), context: context)
        }

        let recipe = registrar.scene(
            "recipe",
            title: "Recipe",
            model: { context in RecipeModel(discover: try context.make(DiscoverRecipes.self)) },
            view: RecipeView()
        )
        registrar.get("/cookbook/recipes/{id:int}", name: "cookbook.recipe", scene: recipe)

        let pantry = registrar.scene(
            "pantry",
            title: "Your ingredients",
            model: { context in PantryModel(pantry: try context.make(UpdatePantry.self)) },
            view: PantryView()
        )
        registrar.get("/cookbook/pantry", name: "cookbook.pantry", scene: pantry)
        registrar.post("/cookbook/pantry", scene: pantry, action: PantryModel.Choose.self) { model, action, context in
            try await model.choose(action, context: context)
        }
        registrar.post("/cookbook/pantry/reset", name: "cookbook.pantry.reset", scene: pantry, action: EmptyAction.self) { model, _, context in
            try await model.reset(context: context)
        }
    }
}
