import AtriumSDK
import Foundation
import Synchronization

/// Publishers for scene tests: each event a scene publishes through one is kept here (and is a
/// ``SceneEffect`` of the ``SceneTest`` given these events).
///
/// ```swift
/// let events = TestEvents()
/// let scene = RideScene(rides: rides, rideEnded: events.publisher(for: RideEnded.self))
/// let test = SceneTest(scene, context: .testing(storage: store), exhaustive: true, events: events)
/// ```
public final class TestEvents: Sendable {
    private let log = Mutex<[(effect: SceneEffect, payload: Data)]>([])

    /// No events yet.
    public init() {}

    /// A publisher of `event` that keeps what it publishes here.
    public func publisher<Event: ModuleEvent>(for event: Event.Type) -> EventPublisher<Event> {
        EventPublisher { [self] aggregate, payload in
            self.log.withLock { $0.append((.published(event: Event.name, aggregate: aggregate), payload)) }
        }
    }

    /// The events of type `event` published so far, decoded, oldest first.
    public func published<Event: ModuleEvent>(_ event: Event.Type) throws -> [Event] {
        try log.withLock { $0 }.filter { if case .published(Event.name, _) = $0.effect { true } else { false } }
            .map { try JSONDecoder().decode(Event.self, from: $0.payload) }
    }

    /// How many have been published: a ``SceneTest`` reads what came after.
    var count: Int { log.withLock { $0.count } }

    func effects(since start: Int) -> [SceneEffect] { log.withLock { Array($0.dropFirst(start).map(\.effect)) } }
}
