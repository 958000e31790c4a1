import AtriumSDK

/// The pantry in the module's records of the current owner (visitor or signed-in user).
struct StoredPantry: PantryRepository {
    struct Record: Codable, Sendable {
        var ingredients: [String]

        /// At sign-in: what the account had, then what the visitor added before signing in.
        static func merged(visitor: Record, account: Record) -> Record {
            var seen = Set(account.ingredients)
            return Record(ingredients: account.ingredients + visitor.ingredients.filter { seen.insert($0).inserted })
        }
    }

    static let collection = "pantry"
    static let id = "pantry"

    let records: any RecordStore

    func ingredients() async throws -> [String]? {
        try await records.record(Record.self, id: Self.id, in: Self.collection)?.ingredients
    }

    func update(_ change: @escaping @Sendable (inout [String]?) -> Void) async throws {
        try await records.update(Record.self, id: Self.id, in: Self.collection) { record in
            var ingredients = record?.ingredients
            change(&ingredients)
            record = ingredients.map(Record.init(ingredients:))
        }
    }

    func reset() async throws {
        try await records.deleteRecord(id: Self.id, in: Self.collection)
    }
}
