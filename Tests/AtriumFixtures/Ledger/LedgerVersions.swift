import AtriumSDK

/// A module compiled in two versions under one id, `ledger`, for tests and the benchmark of a
/// rolling deploy: which one a host serves is chosen by its configuration (`ledger.version`).
///
/// Version 2 renames an entry's `memo` to `note` the expand/contract way (it writes both and reads
/// `note`, falling back to `memo`; its expand migration copies `memo` to `note`, its contract
/// migration copies what v1 wrote since and drops `memo`), adds `currency` and the payer's `email`
/// (read as defaults from what v1 wrote), publishes `ledger.entry-added` version 2 (with the
/// currency) and subscribes to `ledger.entry-removed`, which v1 publishes and nobody in v1 reads.
public enum LedgerVersions {
    /// The versions this build holds.
    public static let versions = [1, 2]

    /// The module type of `version`: version 1 for any but 2 (the section reports a version this
    /// build lacks: ``LedgerConfiguration/problems()``).
    public static func module(version: Int) -> any AtriumModule.Type {
        version == 2 ? LedgerV2Module.self : LedgerV1Module.self
    }
}

extension LedgerVersions {
    /// How many times version 2's contract migration rewrote the entry `id` (in this process).
    public static func contractRewrites(of id: String) -> Int { LedgerV2Module.contractRewrites.withLock { $0[id, default: 0] } }
}
