/// A module's records: Codable values kept by id in named collections.
///
/// The host hands each module stores already scoped to the module and to an owner (a visitor, a
/// user, or everyone), so one module never sees another's records and one visitor never sees
/// another's. Every save is committed before it returns.
public protocol RecordStore: Sendable {
    func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record?
    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws
    func deleteRecord(id: String, in collection: String) async throws
    /// Every record of a collection, ordered by id.
    func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record]
    /// Reads a record, changes it and writes it back as one step: no other write to the store can
    /// come in between, so two requests changing one record at once both count (use it for every
    /// change that depends on what is stored: counters, lists, a field of a larger record).
    ///
    /// `change` gets the stored record (nil when there is none) to change in place (setting it to
    /// nil deletes it), and returns what the caller wants to know. It must not wait for anything,
    /// and may run more than once, so keep it free of side effects. An error it throws leaves the
    /// record as it was and is rethrown.
    func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type,
        id: String,
        in collection: String,
        _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result
}
