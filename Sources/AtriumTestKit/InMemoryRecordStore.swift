import AtriumRecords
import AtriumSDK
import AtriumStorage
import Foundation
import Synchronization

/// A record store in memory, for scene tests. Records go through JSON as they would in the
/// database, so a type that does not round-trip fails here too. A transaction that throws puts this
/// store's records back as they were (other stores' are theirs to keep).
public final class InMemoryRecordStore: RecordStore {
    private let records = Mutex<[String: [String: Data]]>([:])

    /// An empty store.
    public init() {}

    /// The record `id` of `collection`, decoded as `type`; nil when there is none.
    public func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        try records.withLock { $0[collection]?[id] }.map { try RecordDecoding.decode(type, from: $0) }
    }

    /// Stores `record` as `id` of `collection`, keeping the stored fields its type does not know, as
    /// the host's storage does (a newer version's).
    public func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        let data = try JSONEncoder().encode(record)
        records.withLock { $0[collection, default: [:]][id] = RecordMerge.json(record, encoded: data, over: $0[collection]?[id]) }
    }

    /// Deletes the record `id` of `collection`.
    public func deleteRecord(id: String, in collection: String) async throws {
        _ = records.withLock { $0[collection]?.removeValue(forKey: id) }
    }

    public func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type,
        id: String,
        in collection: String,
        _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result {
        try records.withLock { records in
            let stored = records[collection]?[id]
            var record = try stored.map { try RecordDecoding.decode(type, from: $0) }
            let result = try change(&record)
            records[collection, default: [:]][id] = try record.map { RecordMerge.json($0, encoded: try JSONEncoder().encode($0), over: stored) }
            return result
        }
    }

    public func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        let rows = records.withLock { ($0[collection] ?? [:]).sorted { $0.key < $1.key }.map(\.value) }
        return try rows.map { try RecordDecoding.decode(type, from: $0) }
    }

    public func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let before = records.withLock { $0 }
        do {
            return try await body()
        } catch {
            records.withLock { $0 = before }
            throw error
        }
    }
}
