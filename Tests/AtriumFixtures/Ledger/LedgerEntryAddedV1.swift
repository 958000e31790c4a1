import AtriumSDK

/// Version 1 of `ledger.entry-added`.
struct LedgerEntryAddedV1: ModuleEvent {
    static let name = "ledger.entry-added"
    static let version = 1
    var entry: String
    var amount: Int
    var aggregateID: String { entry }
}
