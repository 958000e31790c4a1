import AtriumSDK

/// A record store that hands every call to another store, chosen when the call is made (the
/// current owner's, or the database's once it is open).
package protocol ForwardingRecordStore: RecordStore {
    func target() async throws -> any RecordStore
}

extension ForwardingRecordStore {
    package func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        try await target().record(type, id: id, in: collection)
    }

    package func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        try await target().save(record, id: id, in: collection)
    }

    package func deleteRecord(id: String, in collection: String) async throws {
        try await target().deleteRecord(id: id, in: collection)
    }

    package func insert<Record: Codable & Sendable>(_ record: Record, id: String, in collection: String) async throws -> Bool {
        try await target().insert(record, id: id, in: collection)
    }

    package func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        try await target().records(type, in: collection)
    }

    package func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type,
        id: String,
        in collection: String,
        _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result {
        try await target().update(type, id: id, in: collection, change)
    }

    package func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        try await target().transaction(body)
    }
}
