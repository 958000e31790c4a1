import AtriumObservability
import AtriumSDK
import Tracing

/// A module's record store with a span around each operation, made only while tracing is on
/// (``HostTracing``): the storage's backend, the operation, the module and the collection — never
/// a record's id, value or owner (an id may be an email, an owner is a person). postgres-nio and
/// GRDB make no spans of their own, so the host makes these.
package struct TracedRecordStore: RecordStore {
    let inner: any RecordStore
    /// `sqlite` or `postgresql` (OpenTelemetry's `db.system.name`).
    let backend: String
    let module: String

    /// `store`, traced when tracing is on; as it is otherwise (nothing in between).
    package static func wrapping(_ store: any RecordStore, backend: String, module: String) -> any RecordStore {
        HostTracing.isOn ? TracedRecordStore(inner: store, backend: backend, module: module) : store
    }

    private func traced<Value>(_ operation: String, _ collection: String?, _ body: () async throws -> Value) async throws -> Value {
        try await HostTracing.withSpan("\(operation) \(module)\(collection.map { "/\($0)" } ?? "")", ofKind: .client) { span in
            if let span {
                span.attributes["db.system.name"] = backend
                span.attributes["db.operation.name"] = operation
                span.attributes["atrium.module"] = module
                if let collection { span.attributes["db.collection.name"] = collection }
            }
            return try await body()
        }
    }

    package func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? {
        try await traced("read", collection) { try await inner.record(type, id: id, in: collection) }
    }

    package func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] {
        try await traced("list", collection) { try await inner.records(type, in: collection) }
    }

    package func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws {
        try await traced("save", collection) { try await inner.save(record, id: id, in: collection) }
    }

    package func insert<Record: Codable & Sendable>(_ record: Record, id: String, in collection: String) async throws -> Bool {
        try await traced("insert", collection) { try await inner.insert(record, id: id, in: collection) }
    }

    package func deleteRecord(id: String, in collection: String) async throws {
        try await traced("delete", collection) { try await inner.deleteRecord(id: id, in: collection) }
    }

    package func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type, id: String, in collection: String, _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result {
        try await traced("update", collection) { try await inner.update(type, id: id, in: collection, change) }
    }

    package func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        try await traced("transaction", nil) { try await inner.transaction(body) }
    }
}
