import AtriumSDK

/// `ledger.entry-removed`: both versions publish it; only version 2 subscribes.
struct LedgerEntryRemoved: ModuleEvent {
    static let name = "ledger.entry-removed"
    static let version = 1
    var entry: String
    var aggregateID: String { entry }
}
