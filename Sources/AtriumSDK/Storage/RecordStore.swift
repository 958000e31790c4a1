/// A module's records: Codable values kept by id in named collections.
///
/// The host hands each module stores already scoped to the module and to an owner (a visitor, a
/// user, or everyone), so one module never sees another's records and one visitor never sees
/// another's. Every save is committed before it returns, unless it is made inside
/// ``transaction(_:)``: then all of the transaction's writes are committed together, or none.
///
/// Records survive a rolling deploy, when two versions of a module serve one database: ``save(_:id:in:)``
/// and ``update(_:id:in:_:)`` keep the stored fields the record's type does not know (a newer
/// version's, nested ones too), so an older version never drops them; a field the type knows and
/// leaves nil is removed. A dictionary, an array or an enum is the record's value as written. A
/// field only goes with a contract migration.
public protocol RecordStore: Sendable {
    /// The record `id` of `collection`, decoded as `type`; nil when there is none.
    func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record?
    /// Stores `record` as `id` of `collection`, replacing what was there — except the stored
    /// fields `Record` does not know, which are kept (see above).
    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws
    /// Deletes the record `id` of `collection`, if there is one.
    func deleteRecord(id: String, in collection: String) async throws
    /// Saves the record only when the collection holds none with this id, as one step: a unique
    /// key. Returns false, changing nothing, when there is one already; of several requests
    /// inserting one id at once, on one host or several, exactly one gets true.
    func insert<Record: Codable & Sendable>(_ record: Record, id: String, in collection: String) async throws -> Bool
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

    /// Runs `body` as one transaction: every write it makes, through this store or any other the
    /// module has (the visitor's records and the shared ones alike), is stored, or none is (an
    /// error thrown from `body` undoes them all); what it reads includes what it wrote. A
    /// transaction inside another is part of it: when the inner one throws, its writes are undone
    /// and the outer one decides what follows. Keep it short, and its writes one after another:
    /// other writers wait for it.
    ///
    /// ```swift
    /// try await context.storage.transaction {
    ///     try await context.storage.save(order, id: order.id, in: "orders")
    ///     try await shared.update(Stock.self, id: item, in: "stock") { $0?.count -= 1 }
    /// }
    /// ```
    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result
}

extension RecordStore {
    public func insert<Record: Codable & Sendable>(_ record: Record, id: String, in collection: String) async throws -> Bool {
        try await update(Record.self, id: id, in: collection) { stored in
            guard stored == nil else { return false }
            stored = record
            return true
        }
    }
}
