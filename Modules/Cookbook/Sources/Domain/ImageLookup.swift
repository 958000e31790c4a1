/// Finds the pictures for ingredients and recipes, by name. A name without a picture shows a
/// placeholder.
public protocol ImageLookup: Sendable {
    /// The pictures of these names that have one (the answer may hold others too). Asked once per
    /// page, for every name on it.
    func images(for names: [String]) async -> Pictures
}
