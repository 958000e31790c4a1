import AtriumObservability
import AtriumSDK
import AtriumStorage
import AtriumSupport
import Foundation
import Logging
import ServiceLifecycle
import Tracing

/// Delivers stored events to this host's subscribers while the host serves: woken by the change
/// feed as soon as events are stored (on this host, or on another through PostgreSQL's
/// notifications), and every `events.sweepSeconds` besides, for what no notification announces (a
/// lost notification, a retry come due, the deliveries of a host that died). Each delivery runs in
/// its own transaction (``EventOutbox/deliverNext(to:at:_:)``); a handler that throws is tried again
/// after a backoff, and marked failed when its tries run out.
package struct EventDeliveryService: Service {
    let storage: any HostStorage
    /// The configuration served now (a reload may change its modules and `events` settings).
    let current: @Sendable () -> (events: EventRouter, settings: EventSettings)
    let metrics: HostMetrics
    let logger: Logger

    package init(
        storage: any HostStorage, current: @escaping @Sendable () -> (events: EventRouter, settings: EventSettings), metrics: HostMetrics,
        logger: Logger
    ) {
        self.storage = storage
        self.current = current
        self.metrics = metrics
        self.logger = logger
    }

    package func run() async throws {
        // Woken by the change feed when events are stored here or on another host, and when the
        // feed starts vouching again (it may have missed some).
        let stored = WakeSignal()
        let subscription = storage.changes.subscribe { changes in
            if changes.contains(where: { $0 == EventOutboxes.storedEvents || $0 == .everything }) { stored.signal() }
        }
        defer { storage.changes.unsubscribe(subscription) }
        // A host that stops finishes the delivery it is making (cancelled midway, it would count
        // as a failed try) and starts no other: what is left is delivered by another host, or by
        // this one when it starts again.
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                let wait = await deliverDue()
                await stored.wait(upTo: .milliseconds(Int64(wait * 1000)))
            }
        } onGracefulShutdown: {
            stored.signal()
        }
    }

    private var outbox: any EventOutbox { EventOutboxes.outbox(on: storage) }

    /// Delivers every due event, then returns how many seconds to wait at most before looking again.
    @discardableResult
    package func deliverDue() async -> Double {
        let (events, settings) = current()
        let readers = events.deliveredReaders
        guard settings.deliver, !readers.isEmpty else { return settings.sweepSeconds }
        do {
            while !Task.isCancelled, !Task.isShuttingDownGracefully,
                try await deliverOne(events: events, readers: readers, settings: settings)
            {}
            let now = Date().timeIntervalSince1970
            let (next, oldest) = try await outbox.schedule(for: readers)
            metrics.recordEventBacklog(oldestSeconds: oldest.map { max(0, now - $0) } ?? 0)
            guard let next else { return settings.sweepSeconds }
            return min(settings.sweepSeconds, max(0.005, next - now))
        } catch {
            logger.warning("events could not be delivered", metadata: ["error": "\(StorageErrorText.describe(error))"])
            return settings.sweepSeconds
        }
    }

    /// Delivers one due event; false when none was due.
    private func deliverOne(events: EventRouter, readers: [EventReader], settings: EventSettings) async throws -> Bool {
        let now = Date().timeIntervalSince1970
        do {
            guard
                let delivered = try await outbox.deliverNext(
                    to: readers, at: now,
                    { delivery in
                        guard let subscription = events.subscription(module: delivery.subscriber, name: delivery.name) else {
                            throw NoSubscription(module: delivery.subscriber, name: delivery.name)
                        }
                        // A span of its own, linked to the one that published the event (on
                        // whichever host that was).
                        try await HostTracing.withSpan(
                            "deliver \(delivery.name)", ofKind: .consumer, linkedTo: delivery.traceparent.map { [$0] } ?? []
                        ) { span in
                            span?.attributes["atrium.module"] = delivery.subscriber
                            span?.attributes["atrium.event"] = delivery.name
                            span?.attributes["atrium.event.publisher"] = delivery.publisher
                            span?.attributes["atrium.event.attempt"] = delivery.attempts + 1
                            try await subscription.handle(
                                delivery.payload,
                                EventDelivery(
                                    eventID: delivery.eventID, publisher: delivery.publisher,
                                    publishedAt: Date(timeIntervalSince1970: delivery.publishedAt), attempt: delivery.attempts + 1))
                        }
                    })
            else { return false }
            metrics.recordEvent(.delivered, name: delivered.name, module: delivered.subscriber)
            metrics.recordEventDelay(name: delivered.name, seconds: Date().timeIntervalSince1970 - delivered.publishedAt)
            return true
        } catch let failure as HandlerFailure where Task.isCancelled {
            // Stopped at once (a second signal, or the request timeout of a stopping host): its
            // writes were undone and no try is counted; another host, or this one again, delivers it.
            logger.notice(
                "an event's delivery was cut short by the host stopping; it is left to deliver again",
                metadata: ["event": "\(failure.delivery.name)", "module": "\(failure.delivery.subscriber)"])
            return false
        } catch let failure as HandlerFailure {
            let delivery = failure.delivery
            let attempts = delivery.attempts + 1
            let message = String(StorageErrorText.describe(failure.error).prefix(500))
            let retryAt = attempts < settings.attempts ? now + settings.retryDelay(afterAttempts: attempts) : nil
            try await outbox.recordFailure(of: delivery, message: message, retryAt: retryAt, at: now)
            var metadata: Logger.Metadata = [
                "event": "\(delivery.name)", "delivery": "\(delivery.number)", "module": "\(delivery.subscriber)", "attempt": "\(attempts)",
                "error": "\(message)",
            ]
            if let retryAt {
                metadata["retryIn"] = "\(String(format: "%.2f", retryAt - now))s"
                metrics.recordEvent(.retried, name: delivery.name, module: delivery.subscriber)
                logger.warning("an event's handler failed; it will be tried again", metadata: metadata)
            } else {
                metrics.recordEvent(.failed, name: delivery.name, module: delivery.subscriber)
                logger.error("an event's handler failed for the last time; retry or discard it with atrium events", metadata: metadata)
            }
            return true
        }
    }

    /// A delivery to a module that no longer subscribes to its event here.
    struct NoSubscription: Error, CustomStringConvertible {
        var module: String
        var name: String
        var description: String { "module '\(module)' does not subscribe to '\(name)' in this configuration" }
    }
}
