import AtriumSDK

/// The pantry in the module's records of the current owner (visitor or signed-in user).
struct StoredPantry: PantryRepository {
    struct Record: Codable, Sendable {
        var ingredients: [String]
    }

    let records: any RecordStore

    func ingredients() async throws -> [String]? {
        try await records.record(Record.self, id: "pantry", in: "pantry")?.ingredients
    }

    func save(_ ingredients: [String]) async throws {
        try await records.save(Record(ingredients: ingredients), id: "pantry", in: "pantry")
    }

    func reset() async throws {
        try await records.deleteRecord(id: "pantry", in: "pantry")
    }
}
