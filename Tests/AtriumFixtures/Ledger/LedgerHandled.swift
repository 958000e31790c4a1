import AtriumSDK

/// What the ledger's subscribers did with one event (`added-<entry>`, `removed-<entry>` in the
/// `handled` collection): how many times it was handled, and by which version of the module.
public struct LedgerHandled: Codable, Sendable, Equatable {
    public var count: Int
    /// The version that handled it (`v1`, `v2`), once per time handled.
    public var handlers: [String]

    public init(count: Int, handlers: [String]) {
        self.count = count
        self.handlers = handlers
    }

    /// Counts one more handling of the event `id`, in the subscriber's transaction.
    static func count(_ id: String, by handler: String, in records: any RecordStore) async throws {
        try await records.update(LedgerHandled.self, id: id, in: "handled") { handled in
            handled = LedgerHandled(count: (handled?.count ?? 0) + 1, handlers: (handled?.handlers ?? []) + [handler])
        }
    }
}
