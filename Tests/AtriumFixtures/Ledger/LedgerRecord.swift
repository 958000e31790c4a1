import AtriumSDK

/// An entry as one version of the ledger stores it; the endpoints are the same for both.
protocol LedgerRecord: Codable, Sendable {
    associatedtype Added: ModuleEvent
    init(posted: LedgerPost)
    var title: String { get }
    var amount: Int { get set }
    /// The event that says this entry, stored as `id`, was added.
    func added(id: String) -> Added
}
