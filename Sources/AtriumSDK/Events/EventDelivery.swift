import Foundation

/// What a subscriber's handler learns besides the event: which event it is (the same id on every
/// retry, for effects outside the host's storage that must not happen twice), who published it and
/// when, and which attempt this is.
public struct EventDelivery: Sendable, Hashable {
    /// The event's id, the same for every subscriber and every attempt.
    public let eventID: String
    /// The module that published it.
    public let publisher: String
    /// When it was stored.
    public let publishedAt: Date
    /// 1 for the first attempt, 2 for the first retry, and so on.
    public let attempt: Int

    /// A delivery of event `eventID` (for tests of handlers; the host makes them).
    public init(eventID: String, publisher: String, publishedAt: Date, attempt: Int) {
        self.eventID = eventID
        self.publisher = publisher
        self.publishedAt = publishedAt
        self.attempt = attempt
    }
}
