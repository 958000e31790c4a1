/// The ingredients the visitor (or signed-in user) says they have. Nil until they first choose.
public protocol PantryRepository: Sendable {
    func ingredients() async throws -> [String]?
    /// Changes the pantry as one step, so two changes at once both count. The change gets nil
    /// when the visitor has not chosen yet.
    func update(_ change: @escaping @Sendable (inout [String]?) -> Void) async throws
    func reset() async throws
}
