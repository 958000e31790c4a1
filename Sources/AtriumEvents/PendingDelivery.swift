import Foundation

/// One stored event on its way to one subscriber: pending (waiting for its turn or its next try)
/// or failed (waiting for an operator). It is deleted in the transaction that handles it.
package struct PendingDelivery: Sendable, Hashable {
    /// The delivery's number: increasing in the order events were stored, and what `atrium events
    /// retry` and `discard` name.
    package var number: Int64
    /// The event's id, the same for each of its subscribers.
    package var eventID: String
    package var name: String
    package var version: Int
    package var publisher: String
    package var subscriber: String
    package var aggregate: String
    package var payload: Data
    /// Seconds since 1970.
    package var publishedAt: Double
    /// Tries so far.
    package var attempts: Int
    package var nextAttemptAt: Double
    /// When it was marked failed (its tries ran out), if it was.
    package var failedAt: Double?
    /// What the last try said.
    package var lastError: String?
    /// The publishing span (W3C `traceparent`), when the host that published traced it.
    package var traceparent: String?
}

/// An event a module published, to be stored once for each subscriber.
package struct OutgoingEvent: Sendable {
    package var eventID: String
    package var name: String
    package var version: Int
    package var publisher: String
    package var aggregate: String
    package var payload: Data
    package var publishedAt: Double
    /// The publishing span (W3C `traceparent`), when tracing is on.
    package var traceparent: String?
}

/// A subscriber's handler threw: the delivery's writes were undone.
struct HandlerFailure: Error {
    var delivery: PendingDelivery
    var error: any Error
}
