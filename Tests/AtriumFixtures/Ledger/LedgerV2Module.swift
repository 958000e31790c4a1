import AtriumSDK
import Foundation
import Synchronization

/// Version 2 of the ledger (see ``LedgerVersions``).
struct LedgerV2Module: AtriumModule {
    typealias Configuration = LedgerConfiguration

    static let manifest = ModuleManifest(id: "ledger", title: "Ledger", version: "2", collections: LedgerBook<LedgerEntryV2>.collections)

    /// How many times the contract migration rewrote each entry, by id.
    static let contractRewrites = Mutex<[String: Int]>([:])

    func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        // Expand: every entry gets its note from its memo, which stays for v1.
        registrar.migration(
            .expand("1-note-from-memo") { migrator in
                try await migrator.rewrite(collection: "entries") { _, json in try Self.movingMemo(in: json, dropping: false) }
            })
        // Contract: what v1 wrote since gets its note too, and the memo goes; v1 reads it.
        registrar.migration(
            .contract("2-drop-memo") { migrator in
                try await migrator.rewrite(collection: "entries") { id, json in
                    Self.contractRewrites.withLock { $0[id, default: 0] += 1 }
                    return try Self.movingMemo(in: json, dropping: true)
                }
            })
        let book = LedgerBook<LedgerEntryV2>(registrar: registrar)
        LedgerEndpoints.register(book, in: registrar)
        registrar.scene(LedgerSceneV2.self) { _ in LedgerSceneV2(book: book) }
        let records = registrar.sharedRecords
        registrar.subscribe(to: LedgerEntryAddedV2.self) { added, _ in
            try await LedgerHandled.count("added-\(added.entry)", by: "v2", in: records)
        }
        registrar.subscribe(to: LedgerEntryRemoved.self) { removed, _ in
            try await LedgerHandled.count("removed-\(removed.entry)", by: "v2", in: records)
        }
    }

    /// The entry with `note` set from `memo` where it has none; without `memo` when `dropping`.
    static func movingMemo(in json: Data, dropping: Bool) throws -> Data {
        guard var entry = try JSONSerialization.jsonObject(with: json) as? [String: Any] else { return json }
        let note = entry["note"] as? String ?? ""
        if note.isEmpty, let memo = entry["memo"] as? String { entry["note"] = memo }
        if dropping { entry["memo"] = nil }
        return try JSONSerialization.data(withJSONObject: entry, options: .sortedKeys)
    }
}
