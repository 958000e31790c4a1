import AtriumSDK
import Synchronization

/// A module's shared records, handed to the module at registration (for capabilities and shared use
/// cases) and connected to the database when the host opens its storage.
final class DeferredRecordStore: RecordStore {
    struct NotOpen: Error, CustomStringConvertible {
        var module: String
        var description: String { "the storage of module '\(module)' is not open yet" }
    }

    let module: String
    private let store = Mutex<(any RecordStore)?>(nil)

    init(module: String) { self.module = module }

    func connect(to records: any RecordStore) { store.withLock { $0 = records } }

    private func records() throws -> any RecordStore {
        guard let records = store.withLock({ $0 }) else { throw NotOpen(module: module) }
        return records
    }

    func record<Record: Decodable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        try await records().record(type, id: id, in: collection)
    }

    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        try await records().save(record, id: id, in: collection)
    }

    func deleteRecord(id: String, in collection: String) async throws {
        try await records().deleteRecord(id: id, in: collection)
    }

    func records<Record: Decodable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        try await records().records(type, in: collection)
    }
}
