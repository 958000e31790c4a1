/// Choosing the ingredients one has: all at once from the pantry page, or one at a time from
/// Discover. The first change starts from the source's list, so nothing the visitor saw disappears.
public struct UpdatePantry: Sendable {
    public struct Choice: Sendable, Equatable {
        public var name: String
        public var isAvailable: Bool
    }

    let source: any RecipeSource
    let pantry: any PantryRepository

    public init(source: any RecipeSource, pantry: any PantryRepository) {
        self.source = source
        self.pantry = pantry
    }

    /// Every ingredient the data mentions, and whether the visitor has it.
    public func choices() async throws -> (choices: [Choice], usesPantry: Bool) {
        let book = try await source.load()
        let chosen = try await pantry.ingredients()
        let have = Set(chosen ?? book.availableIngredients)
        return (book.allIngredients.map { Choice(name: $0, isAvailable: have.contains($0)) }, chosen != nil)
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
