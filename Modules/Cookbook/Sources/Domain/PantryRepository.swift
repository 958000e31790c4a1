/// The ingredients the visitor (or signed-in user) says they have. Nil until they first choose.
public protocol PantryRepository: Sendable {
    func ingredients() async throws -> [String]?
    func save(_ ingredients: [String]) async throws
    func reset() async throws
}
