/// A recipe: its name and the names of its ingredients, as the recipe service sends them.
public struct Recipe: Sendable, Equatable, Codable {
    public var name: String
    public var ingredients: [String]

    public init(name: String, ingredients: [String]) {
        self.name = name
        self.ingredients = ingredients
    }
}
