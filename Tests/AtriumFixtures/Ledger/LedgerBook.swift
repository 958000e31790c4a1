import AtriumSDK

/// The ledger's use cases over one version's ``LedgerRecord``, for its endpoints and its scene.
struct LedgerBook<Entry: LedgerRecord>: Sendable {
    /// What either version of the ledger stores.
    static var collections: [StoredCollection] {
        [StoredCollection("entries", holds: "the ledger's entries"), StoredCollection("handled", holds: "which events were handled, and how often")]
    }

    let records: any RecordStore
    let added: EventPublisher<Entry.Added>
    let removed: EventPublisher<LedgerEntryRemoved>

    init(registrar: any ModuleRegistrar) {
        records = registrar.sharedRecords
        added = registrar.publisher(for: Entry.Added.self)
        removed = registrar.publisher(for: LedgerEntryRemoved.self)
    }

    /// Stores the entry and its event together; false, changing nothing, when `id` is taken.
    func add(_ posted: LedgerPost) async throws -> Entry? {
        let entry = Entry(posted: posted)
        let stored = try await records.transaction {
            guard try await records.insert(entry, id: posted.id, in: "entries") else { return false }
            try await added.publish(entry.added(id: posted.id))
            return true
        }
        return stored ? entry : nil
    }

    /// The entry with its amount changed (what this version does not know of it is kept); nil when there is none.
    func change(_ id: String, amount: Int) async throws -> Entry? {
        try await records.update(Entry.self, id: id, in: "entries") { entry -> Entry? in
            entry?.amount = amount
            return entry
        }
    }

    func remove(_ id: String) async throws {
        try await records.transaction {
            try await records.deleteRecord(id: id, in: "entries")
            try await removed.publish(LedgerEntryRemoved(entry: id))
        }
    }

    func entry(_ id: String) async throws -> Entry? { try await records.record(Entry.self, id: id, in: "entries") }

    func all() async throws -> [Entry] { try await records.records(Entry.self, in: "entries") }

    func handled(_ id: String) async throws -> LedgerHandled? { try await records.record(LedgerHandled.self, id: id, in: "handled") }
}
