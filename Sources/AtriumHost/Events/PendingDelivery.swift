import Foundation

/// One stored event on its way to one subscriber: pending (waiting for its turn or its next try)
/// or failed (waiting for an operator). It is deleted in the transaction that handles it.
public struct PendingDelivery: Sendable, Hashable {
    /// The delivery's number: increasing in the order events were stored, and what `atrium events
    /// retry` and `discard` name.
    public var number: Int64
    /// The event's id, the same for each of its subscribers.
    public var eventID: String
    public var name: String
    public var version: Int
    public var publisher: String
    public var subscriber: String
    public var aggregate: String
    public var payload: Data
    /// Seconds since 1970.
    public var publishedAt: Double
    /// Tries so far.
    public var attempts: Int
    public var nextAttemptAt: Double
    /// When it was marked failed (its tries ran out), if it was.
    public var failedAt: Double?
    /// What the last try said.
    public var lastError: String?
}

/// An event a module published, to be stored once for each subscriber.
@_spi(AtriumHost)
public struct OutgoingEvent: Sendable {
    public var eventID: String
    public var name: String
    public var version: Int
    public var publisher: String
    public var aggregate: String
    public var payload: Data
    public var publishedAt: Double
}

/// A subscriber's handler threw: the delivery's writes were undone.
struct HandlerFailure: Error {
    var delivery: PendingDelivery
    var error: any Error
}
