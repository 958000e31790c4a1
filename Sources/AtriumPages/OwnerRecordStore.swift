import AtriumRuntime
import AtriumSDK
import AtriumStorage

/// The current owner's records: the signed-in user's if there is one, else the visitor's. The owner
/// is looked up on first use, so a scene that stores nothing creates no session; a visitor who
/// stores something is remembered, so it is kept while they keep coming back, within what a
/// visitor may keep (``VisitorLimits``).
struct OwnerRecordStore: ForwardingRecordStore {
    let storage: any HostStorage
    let module: String
    let session: RequestSession
    let quota: VisitorLimits

    package func target() async throws -> any RecordStore {
        if let userID = try await session.userID {
            return storage.records(module: module, owner: .user(userID))
        }
        guard let visitorID = try await session.visitorIDForReading() else { return NothingStored() }
        return storage.records(module: module, owner: .visitor(visitorID))
    }

    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        try await writable().save(record, id: id, in: collection)
    }

    func deleteRecord(id: String, in collection: String) async throws {
        try await writable().deleteRecord(id: id, in: collection)
    }

    func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type,
        id: String,
        in collection: String,
        _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result {
        try await writable().update(type, id: id, in: collection, change)
    }

    /// A transaction covers the whole storage: opened here without deciding whose records (the
    /// visitor may have none yet).
    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        try await storage.records(module: module, owner: .shared).transaction(body)
    }

    private func writable() async throws -> any RecordStore {
        if let userID = try await session.userID {
            return storage.records(module: module, owner: .user(userID))
        }
        return storage.records(module: module, owner: .visitor(try await session.visitorIDForStoring()), quota: quota)
    }

    /// What a visitor who arrived with this request has stored: nothing. Only read from; writes go
    /// through ``writable()``.
    private struct NothingStored: RecordStore {
        struct ReadOnly: Error {}

        func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? { nil }
        func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] { [] }
        func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws { throw ReadOnly() }
        func deleteRecord(id: String, in collection: String) async throws { throw ReadOnly() }
        func update<Record: Codable & Sendable, Result: Sendable>(
            _ type: Record.Type, id: String, in collection: String, _ change: @escaping @Sendable (inout Record?) throws -> Result
        ) async throws -> Result { throw ReadOnly() }
        func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result { try await body() }
    }
}
