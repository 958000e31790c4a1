/// A module's records: Codable values kept by id in named collections.
///
/// The host hands each module stores already scoped to the module and to an owner (a visitor, a
/// user, or everyone), so one module never sees another's records and one visitor never sees
/// another's. Every save is committed before it returns.
public protocol RecordStore: Sendable {
    func record<Record: Decodable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record?
    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws
    func deleteRecord(id: String, in collection: String) async throws
    /// Every record of a collection, ordered by id.
    func records<Record: Decodable>(_ type: Record.Type, in collection: String) async throws -> [Record]
}
