import AtriumObservability
import AtriumSDK
import AtriumStorage
import Foundation
import Synchronization
import Tracing

/// Who publishes and who subscribes to which event among one configuration's modules, and the
/// storage their events go to once it is open. Publishing stores an event once per subscriber
/// (those of the configuration that publishes it: every host of a deployment runs the same modules).
package final class EventRouter: Sendable {
    /// A module's handler of one event.
    package struct Subscription: Sendable {
        var module: String
        var name: String
        var version: Int
        var handle: @Sendable (_ payload: Data, _ delivery: EventDelivery) async throws -> Void

        package init(
            module: String, name: String, version: Int, handle: @escaping @Sendable (_ payload: Data, _ delivery: EventDelivery) async throws -> Void
        ) {
            self.module = module
            self.name = name
            self.version = version
            self.handle = handle
        }
    }

    /// An event a module declared it publishes.
    package struct Publication: Sendable, Hashable {
        package var module: String
        package var name: String
        package var version: Int

        package init(module: String, name: String, version: Int) {
            self.module = module
            self.name = name
            self.version = version
        }
    }

    private struct State {
        var subscriptions: [Subscription] = []
        /// The live hosts' subscriptions (this one's among them), as of the last fleet beat.
        var elsewhere: [String: Set<String>] = [:]
        var publications: [Publication] = []
        var paused: Set<String> = []
        var outbox: (any EventOutbox)?
    }

    private let state = Mutex(State())
    let metrics: HostMetrics?

    package init(metrics: HostMetrics? = nil) { self.metrics = metrics }

    package func add(_ subscription: Subscription) { state.withLock { $0.subscriptions.append(subscription) } }
    package func add(_ publication: Publication) { state.withLock { $0.publications.append(publication) } }

    package func connect(to storage: any HostStorage) {
        let outbox = EventOutboxes.outbox(on: storage)
        state.withLock { $0.outbox = outbox }
    }

    /// Every event declared published, by module.
    package var publications: [Publication] { state.withLock { $0.publications } }

    /// Stops delivering to `modules`' subscriptions (modules switched off): what is published for
    /// them is still stored, and waits, neither tried nor failed, for a router that delivers to them.
    package func pause(_ modules: Set<String>) { state.withLock { $0.paused = modules } }

    /// The subscriptions this host delivers to now: every one but those of paused modules.
    package var deliveredReaders: [EventReader] {
        state.withLock { state in
            state.subscriptions.filter { !state.paused.contains($0.module) }.map {
                EventReader(subscriber: $0.module, name: $0.name, version: $0.version)
            }
        }
    }

    /// Each subscription, of the versions its handler reads: what the fleet list says this host
    /// reads (paused ones too, so every host keeps storing for them).
    package var readers: [EventReader] {
        state.withLock { $0.subscriptions.map { EventReader(subscriber: $0.module, name: $0.name, version: $0.version) } }
    }

    package func subscription(module: String, name: String) -> Subscription? {
        state.withLock { $0.subscriptions.first { $0.module == module && $0.name == name } }
    }

    /// The subscriptions of every live host (``EventReader``): events are stored for their
    /// subscribers too, so one a newer version adds gets what this host publishes.
    package func knowElsewhere(_ readers: [EventReader]) {
        let byName = Dictionary(grouping: readers, by: \.name).mapValues { Set($0.map(\.subscriber)) }
        state.withLock { $0.elsewhere = byName }
    }

    /// Knows what `other` knew of the live hosts' subscriptions (a reloaded configuration's router
    /// takes the one it replaces' until the next beat: no event it publishes meanwhile misses them).
    package func knowElsewhere(as other: EventRouter) {
        let known = other.state.withLock { $0.elsewhere }
        state.withLock { $0.elsewhere = known }
    }

    /// Stores an event `module` published, for every module subscribed to its name here or on another
    /// live host.
    package func publish(module: String, name: String, version: Int, aggregate: String, payload: Data) async throws {
        let (outbox, subscribers) = state.withLock { state in
            (state.outbox, Array(Set(state.subscriptions.filter { $0.name == name }.map(\.module)).union(state.elsewhere[name] ?? [])).sorted())
        }
        guard let outbox else { throw StorageNotOpen(module: module, name: name) }
        try await HostTracing.withSpan("publish \(name)", ofKind: .producer) { span in
            span?.attributes["atrium.module"] = module
            span?.attributes["atrium.event"] = name
            let event = OutgoingEvent(
                eventID: UUID().uuidString.lowercased(), name: name, version: version, publisher: module, aggregate: aggregate, payload: payload,
                publishedAt: Date().timeIntervalSince1970, traceparent: HostTracing.currentTraceparent())
            try await outbox.store(event, for: subscribers)
        }
        metrics?.recordEvent(.published, name: name, module: module)
    }

    struct StorageNotOpen: Error, CustomStringConvertible {
        var module: String
        var name: String
        var description: String {
            "module '\(module)' published '\(name)' before the host opened its storage (publish from use cases, not while registering)"
        }
    }
}
