import AtriumSDK

/// Version 1 of the ledger (see ``LedgerVersions``).
struct LedgerV1Module: AtriumModule {
    typealias Configuration = LedgerConfiguration

    static let manifest = ModuleManifest(id: "ledger", title: "Ledger", version: "1", collections: LedgerBook<LedgerEntryV1>.collections)

    func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        let book = LedgerBook<LedgerEntryV1>(registrar: registrar)
        LedgerEndpoints.register(book, in: registrar)
        registrar.scene(LedgerSceneV1.self) { _ in LedgerSceneV1(book: book) }
        let records = registrar.sharedRecords
        registrar.subscribe(to: LedgerEntryAddedV1.self) { added, _ in
            try await LedgerHandled.count("added-\(added.entry)", by: "v1", in: records)
        }
    }
}
