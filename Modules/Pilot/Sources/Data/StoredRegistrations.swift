import AtriumSDK

/// The registration in the module's records of the current owner (visitor or signed-in user).
struct StoredRegistrations: RegistrationRepository {
    let records: any RecordStore

    static let collection = "registration"
    static let id = "current"

    func current() async throws -> RegisteredPilot? {
        try await records.record(RegisteredPilot.self, id: Self.id, in: Self.collection)
    }

    func save(_ pilot: RegisteredPilot) async throws {
        try await records.save(pilot, id: Self.id, in: Self.collection)
    }

    func delete() async throws {
        try await records.deleteRecord(id: Self.id, in: Self.collection)
    }
}
