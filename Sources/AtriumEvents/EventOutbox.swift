/// Where the host keeps published events until each subscriber has handled them (the outbox and
/// the delivery registry in one table, a row per event and subscriber), on SQLite or PostgreSQL.
package protocol EventOutbox: Sendable {
    /// Stores `event` once for each of `subscribers`, in the current task's transaction if it holds
    /// one (then the event is stored exactly when the write it belongs to is), and rings the
    /// deliverers once it commits.
    func store(_ event: OutgoingEvent, for subscribers: [String]) async throws

    /// In one transaction: takes the first delivery one of `readers` reads that is due at `now` and
    /// whose aggregate has no earlier delivery left for that subscriber that they read (nor one
    /// another host is handling), runs `handle` on it, and deletes it. Returns nil when none is due.
    /// When `handle` throws, its writes are undone and ``HandlerFailure`` is thrown. A delivery none
    /// of `readers` reads (another version, or a subscription this host lacks) is left as it is.
    func deliverNext(to readers: [EventReader], at now: Double, _ handle: @escaping @Sendable (PendingDelivery) async throws -> Void)
        async throws -> PendingDelivery?

    /// Counts a failed try of `delivery`: due again at `retryAt`, or failed (nil).
    func recordFailure(of delivery: PendingDelivery, message: String, retryAt: Double?, at now: Double) async throws

    /// When the next pending delivery one of `readers` reads is due, and when the oldest pending or
    /// failed one they read was published.
    func schedule(for readers: [EventReader]) async throws -> (nextAttemptAt: Double?, oldestPublishedAt: Double?)

    /// How many pending and failed deliveries there are of each subscriber, event and version.
    func pendingKinds() async throws -> [(subscriber: String, name: String, version: Int, count: Int)]

    /// Every pending and failed delivery, oldest first, at most `limit`.
    func deliveries(limit: Int) async throws -> [PendingDelivery]

    /// Makes the delivery due now with its tries counted afresh; false when there is no such
    /// delivery.
    func retry(number: Int64, at now: Double) async throws -> Bool

    /// Deletes the delivery without handling it; false when there is no such delivery.
    func discard(number: Int64) async throws -> Bool
}
