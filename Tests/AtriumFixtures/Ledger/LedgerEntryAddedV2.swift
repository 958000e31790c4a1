import AtriumSDK

/// Version 2 of `ledger.entry-added`: it adds the entry's currency (an event of version 1 reads
/// it as "EUR").
struct LedgerEntryAddedV2: ModuleEvent, RecordDefaults {
    static let name = "ledger.entry-added"
    static let version = 2
    var entry: String
    var amount: Int
    var currency: String
    var aggregateID: String { entry }

    static let defaults = LedgerEntryAddedV2(entry: "", amount: 0, currency: "EUR")
}
