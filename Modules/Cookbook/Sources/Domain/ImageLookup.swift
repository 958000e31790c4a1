/// Finds the picture for an ingredient or a recipe, by name. Nil shows a placeholder.
public protocol ImageLookup: Sendable {
    func image(for name: String) async -> String?
}
