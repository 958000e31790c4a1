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
    /// Every write, in order (a ``SceneTest`` reads those of one call as its effects).
    private let writes = Mutex<[SceneEffect]>([])

    /// The collections writes may go to (nil: any), and whose they are.
    private let declared: Set<String>?
    private let module: String

    /// An empty store that takes a write to any collection.
    public init() { (declared, module) = (nil, "") }

    /// An empty store that refuses, as the host does, a write to a collection `manifest` does not
    /// declare in its `collections`: a module's tests find a missing declaration before a host does.
    public init(declaredIn manifest: ModuleManifest) {
        declared = Set(manifest.collections.map(\.name))
        module = manifest.id
    }

    private func checkWrite(_ collection: String) throws {
        if let declared, !declared.contains(collection) { throw UndeclaredCollection(module: module, collection: collection) }
    }

    /// The record `id` of `collection`, decoded as `type`; nil when there is none.
    public func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        try records.withLock { $0[collection]?[id] }.map { try RecordDecoding.decode(type, from: $0) }
    }

    /// Stores `record` as `id` of `collection`, keeping the stored fields its type does not know, as
    /// the host's storage does (a newer version's).
    public func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        try checkWrite(collection)
        let data = try JSONEncoder().encode(record)
        records.withLock { $0[collection, default: [:]][id] = RecordMerge.json(record, encoded: data, over: $0[collection]?[id]) }
        writes.withLock { $0.append(.wrote(collection: collection, id: id)) }
    }

    /// Deletes the record `id` of `collection`.
    public func deleteRecord(id: String, in collection: String) async throws {
        try checkWrite(collection)
        if records.withLock({ $0[collection]?.removeValue(forKey: id) }) != nil {
            writes.withLock { $0.append(.deleted(collection: collection, id: id)) }
        }
    }

    public func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type,
        id: String,
        in collection: String,
        _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result {
        try checkWrite(collection)
        return try records.withLock { records in
            let stored = records[collection]?[id]
            var record = try stored.map { try RecordDecoding.decode(type, from: $0) }
            let result = try change(&record)
            let written = try record.map { RecordMerge.json($0, encoded: try JSONEncoder().encode($0), over: stored) }
            records[collection, default: [:]][id] = written
            if !Self.same(written, stored) {
                writes.withLock { $0.append(written == nil ? .deleted(collection: collection, id: id) : .wrote(collection: collection, id: id)) }
            }
            return result
        }
    }

    public func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        let rows = records.withLock { ($0[collection] ?? [:]).sorted { $0.key < $1.key }.map(\.value) }
        return try rows.map { try RecordDecoding.decode(type, from: $0) }
    }

    /// Whether two stored JSONs hold the same record (an update that changed nothing is no write,
    /// whatever order the encoder gave the keys).
    private static func same(_ one: Data?, _ other: Data?) -> Bool {
        guard let one, let other else { return one == other }
        if one == other { return true }
        guard let first = try? JSONSerialization.jsonObject(with: one), let second = try? JSONSerialization.jsonObject(with: other) else {
            return false
        }
        return (first as? NSObject)?.isEqual(second) == true
    }

    /// How many writes so far: a ``SceneTest`` reads what came after.
    var writeCount: Int { writes.withLock { $0.count } }

    func effects(since start: Int) -> [SceneEffect] { writes.withLock { Array($0.dropFirst(start)) } }

    public func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let before = records.withLock { $0 }
        let written = writeCount
        do {
            return try await body()
        } catch {
            records.withLock { $0 = before }
            writes.withLock { $0.removeLast($0.count - written) }
            throw error
        }
    }
}
