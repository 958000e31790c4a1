/// Choosing the ingredients one has: all at once from the pantry page, or one at a time from
/// Discover. The first change starts from the source's list, so nothing the visitor saw disappears.
public struct UpdatePantry: Sendable {
    public struct Choice: Sendable, Hashable {
        public var name: String
        public var isAvailable: Bool
    }

    let source: any RecipeSource
    let pantry: any PantryRepository
    /// Choices worked out before, shared by every request (the use case is made per request).
    let choiceLists: Memo<PantryBasis, [Choice]>

    public init(source: any RecipeSource, pantry: any PantryRepository) {
        self.init(source: source, pantry: pantry, choiceLists: Memo(capacity: 1))
    }

    init(source: any RecipeSource, pantry: any PantryRepository, choiceLists: Memo<PantryBasis, [Choice]>) {
        self.source = source
        self.pantry = pantry
        self.choiceLists = choiceLists
    }

    /// Every ingredient the data mentions and whether the visitor has it, and what that was worked
    /// out from.
    public func choices() async throws -> (choices: [Choice], basis: PantryBasis) {
        let book = try await source.load()
        let basis = PantryBasis(load: book.load, chosen: try await pantry.ingredients())
        if let known = choiceLists[basis] { return (known, basis) }
        let have = Set(basis.chosen ?? book.availableIngredients)
        let choices = book.allIngredients.map { Choice(name: $0, isAvailable: have.contains($0)) }
        choiceLists.keep(choices, for: basis)
        return (choices, basis)
    }

    /// Keeps exactly these ingredients (names the data does not know are dropped).
    public func choose(_ names: [String]) async throws {
        let known = Set(try await source.load().allIngredients)
        let chosen = Self.distinct(names, known: known)
        try await pantry.update { $0 = chosen }
    }

    /// Adds one ingredient, as one step with the pantry's other changes (ten adds at once keep ten).
    public func add(_ name: String) async throws {
        let book = try await source.load()
        guard Set(book.allIngredients).contains(name) else { return }
        let defaults = book.availableIngredients
        try await pantry.update { chosen in
            let current = chosen ?? defaults
            if !current.contains(name) { chosen = current + [name] } else { chosen = current }
        }
    }

    public func remove(_ name: String) async throws {
        let defaults = try await source.load().availableIngredients
        try await pantry.update { chosen in chosen = (chosen ?? defaults).filter { $0 != name } }
    }

    /// Back to the source's list.
    public func reset() async throws { try await pantry.reset() }

    static func distinct(_ names: [String], known: Set<String>) -> [String] {
        var seen = Set<String>()
        return names.filter { known.contains($0) && seen.insert($0).inserted }
    }
}
