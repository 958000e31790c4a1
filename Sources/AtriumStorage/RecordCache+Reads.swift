import AtriumRecords
import Foundation

extension RecordCache {
    /// The record `id` of a module's collection for `owner`: the decoded value kept here when there
    /// is one of `type` (or that there is none), else `stored()`'s JSON, decoded and kept unless
    /// something of the owner was written meanwhile.
    package func record<Record: Decodable & Sendable>(
        _ type: Record.Type, module: String, collection: String, id: String, owner: String, stored: () async throws -> Data?
    ) async throws -> Record? {
        let key = Key(module: module, collection: collection, id: id)
        switch entry(for: key, owner: owner) {
        case .absent: return nil
        case let kept?: if let record = kept.value(of: Record.self) { return record }
        case nil: break
        }
        let generation = generation(of: owner)
        guard let json = try await stored() else {
            keep(.absent, for: key, owner: owner, cost: 64, readAt: generation)
            return nil
        }
        let record = try RecordDecoding.decode(type, from: json)
        keep(.value(record), for: key, owner: owner, cost: json.count + 64, readAt: generation)
        return record
    }

    /// Every record of a module's collection for `owner`, in id order: kept here, else read with
    /// `stored()` (their JSON), decoded and kept.
    package func records<Record: Decodable & Sendable>(
        _ type: Record.Type, module: String, collection: String, owner: String, stored: () async throws -> [Data]
    ) async throws -> [Record] {
        let key = Key(module: module, collection: collection, id: nil)
        if let records = entry(for: key, owner: owner)?.value(of: [Record].self) { return records }
        let generation = generation(of: owner)
        let rows = try await stored()
        let decoder = JSONDecoder()
        let records = try rows.map { try RecordDecoding.decode(type, from: $0, using: decoder) }
        let cost = rows.reduce(64) { $0 + $1.count + 16 }
        keep(.value(records), for: key, owner: owner, cost: cost, readAt: generation)
        return records
    }
}
