import AtriumSDK

/// Another module hearing the ledger: it counts each `ledger.entry-added` it handles (in its own
/// `handled` collection, as ``LedgerHandled``), and answers `GET /tally/handled/{id}` with the count
/// of `added-<entry>`. It requires nothing of the ledger, so it can be switched off while the ledger
/// goes on publishing: what it misses meanwhile waits for it.
struct TallyModule: AtriumModule {
    static let manifest = ModuleManifest(
        id: "tally", title: "Tally", version: "1", collections: [StoredCollection("handled", holds: "how often each ledger event was heard")])

    struct Address: RouteParameters { var id: String }

    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let records = registrar.sharedRecords
        registrar.subscribe(to: LedgerEntryAddedV1.self) { added, _ in
            try await LedgerHandled.count("added-\(added.entry)", by: "tally", in: records)
        }
        registrar.endpoint(.get, "/tally/handled/{id}", parameters: Address.self) { request in
            let id = try request.parameters(Address.self).id
            guard let handled = try await records.record(LedgerHandled.self, id: id, in: "handled") else {
                return .json(["error": "no event \(id) heard"], status: .notFound)
            }
            return .json(handled)
        }
    }
}
