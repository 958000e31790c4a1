import Foundation

/// Publishes one kind of event (``ModuleRegistrar/publisher(for:)``).
///
/// Publish inside the storage transaction of the write the event belongs to: the write and the
/// event are then both stored or neither (an outbox), and subscribers hear of it only once it has
/// committed. Outside a transaction the event is stored on its own.
///
/// ```swift
/// try await storage.transaction {
///     let record = try await rides.end(for: riderID)
///     try await rideEnded.publish(RideEnded(record))
/// }
/// ```
public struct EventPublisher<Event: ModuleEvent>: Sendable {
    private let store: @Sendable (_ aggregate: String, _ payload: Data) async throws -> Void

    /// A publisher that hands each encoded event to `store` (the host's outbox; a test's list).
    public init(store: @escaping @Sendable (_ aggregate: String, _ payload: Data) async throws -> Void) {
        self.store = store
    }

    /// Stores `event` for every module subscribed to its name, in the current transaction if the
    /// task holds one.
    public func publish(_ event: Event) async throws {
        try await store(event.aggregateID, try JSONEncoder().encode(event))
    }
}
