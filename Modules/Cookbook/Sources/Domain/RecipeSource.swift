/// Where recipes and the available ingredients come from.
public protocol RecipeSource: Sendable {
    func load() async throws(RecipeSourceError) -> RecipeBook
}
