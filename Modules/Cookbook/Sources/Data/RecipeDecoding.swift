import Foundation

/// Decodes the original wire format: a top-level array of `{"name", "ingredients"}` recipes and a
/// top-level array of ingredient names. An empty array counts as an error, as in the original.
enum RecipeDecoding {
    static func recipes(from data: Data) throws(RecipeSourceError) -> [Recipe] {
        guard let recipes = try? JSONDecoder().decode([Recipe].self, from: data) else { throw .undecodable(what: "recipes") }
        guard !recipes.isEmpty else { throw .empty(what: "recipes") }
        return recipes
    }

    static func ingredients(from data: Data) throws(RecipeSourceError) -> [String] {
        guard let names = try? JSONDecoder().decode([String].self, from: data) else { throw .undecodable(what: "ingredients") }
        guard !names.isEmpty else { throw .empty(what: "ingredients") }
        return names
    }
}
