/// Something that happened in one module that others may act on, such as "a ride ended": a value
/// type in the shared contracts target (`AtriumContracts`), so a subscriber depends on the contract,
/// never on the module that publishes it.
///
/// ```swift
/// public struct RideEnded: ModuleEvent {
///     public static let name = "mobility.ride-ended"
///     public static let version = 1
///     public var rideID: String
///     public var riderID: String
///     public var aggregateID: String { riderID }
/// }
/// ```
///
/// Events are stored with the write they belong to (``EventPublisher/publish(_:)`` inside the
/// write's transaction) and delivered to each subscriber at least once, after commit; the host
/// records each delivery as handled in the subscriber's own transaction, so its effect happens once.
public protocol ModuleEvent: Codable, Sendable {
    /// The event's name, the same on every host and in `atrium events`: `<module>.<what-happened>`.
    static var name: String { get }
    /// The contract's version: raise it when a field is added, changes meaning or goes away. During
    /// a rolling deploy a subscriber gets the events of its own version and of the one before and
    /// after: fields it does not know are ignored, and fields added since the version before read
    /// as ``RecordDefaults/defaults`` when the event type has them (an optional needs nothing). An
    /// event further apart, or one whose subscription a host lacks, waits untouched (not a try) for a
    /// host that reads it; `atrium events` says when no live host does. A subscriber whose type
    /// cannot decode an event it reads sees that as a failed delivery, which stays visible until an
    /// operator retries or discards it.
    static var version: Int { get }
    /// What the event is about (one account, one ride): the events of one aggregate reach each
    /// subscriber in the order they were published; those of different aggregates do not wait for
    /// each other.
    var aggregateID: String { get }
}
