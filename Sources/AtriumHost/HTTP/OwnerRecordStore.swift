import AtriumSDK

/// The current owner's records: the signed-in user's if there is one, else the visitor's. The owner
/// is looked up on first use, so a scene that stores nothing creates no session.
struct OwnerRecordStore: RecordStore {
    let storage: SQLiteStorage
    let module: String
    let session: RequestSession

    private func store() async throws -> any RecordStore {
        if let userID = await session.userID {
            return storage.records(module: module, owner: .user(userID))
        }
        return storage.records(module: module, owner: .visitor(try await session.visitorID()))
    }

    func record<Record: Decodable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        try await store().record(type, id: id, in: collection)
    }

    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        try await store().save(record, id: id, in: collection)
    }

    func deleteRecord(id: String, in collection: String) async throws {
        try await store().deleteRecord(id: id, in: collection)
    }

    func records<Record: Decodable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        try await store().records(type, in: collection)
    }
}
