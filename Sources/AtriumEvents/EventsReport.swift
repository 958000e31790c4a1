import Foundation

/// What `atrium events` prints: every pending and failed delivery with its state, oldest first.
/// With the readers of the live hosts (``EventReader``), a delivery none of them reads is shown
/// waiting for a host that does, and holds back nothing.
package enum EventsReport {
    /// Where one delivery stands.
    package static func state(of delivery: PendingDelivery, among deliveries: [PendingDelivery], now: Double, readers: [EventReader]? = nil)
        -> String
    {
        if let readers, !readers.contains(where: { $0.reads(delivery) }) {
            return
                "waiting for a host that reads \(delivery.name) v\(delivery.version) (no live host does; discard it once no host of that version will come)"
        }
        if delivery.failedAt != nil { return "failed" }
        // An earlier one of its aggregate holds it back, unless no live host reads that one.
        if let earlier = deliveries.first(where: { other in
            other.subscriber == delivery.subscriber && other.aggregate == delivery.aggregate && other.number < delivery.number
                && (readers?.contains { $0.reads(other) } ?? true)
        }) {
            return "waiting behind #\(earlier.number)"
        }
        if delivery.nextAttemptAt > now { return "retrying in \(seconds(delivery.nextAttemptAt - now))" }
        return "pending"
    }

    /// One line per delivery, under a heading; a sentence when there is none.
    package static func lines(_ deliveries: [PendingDelivery], now: Double, readers: [EventReader]? = nil) -> [String] {
        guard !deliveries.isEmpty else { return ["No events are waiting: every subscriber has handled every event."] }
        let failed = deliveries.filter { $0.failedAt != nil }.count
        var lines = ["\(deliveries.count) waiting, \(failed) failed (retry or discard one: atrium events retry|discard <number>)"]
        for delivery in deliveries {
            var line =
                "#\(delivery.number)  \(state(of: delivery, among: deliveries, now: now, readers: readers))  \(delivery.name) v\(delivery.version)  "
                + "\(delivery.publisher) → \(delivery.subscriber)  aggregate \(delivery.aggregate)  "
                + "published \(seconds(max(0, now - delivery.publishedAt))) ago  tries \(delivery.attempts)"
            if let error = delivery.lastError { line += "  last error: \(error)" }
            lines.append(line)
        }
        return lines
    }

    /// The deliveries as JSON objects, for scripts.
    package static func objects(_ deliveries: [PendingDelivery], now: Double, readers: [EventReader]? = nil) -> [[String: Any]] {
        deliveries.map { delivery in
            var object: [String: Any] = [
                "number": delivery.number, "state": state(of: delivery, among: deliveries, now: now, readers: readers), "event": delivery.name,
                "version": delivery.version, "eventID": delivery.eventID, "publisher": delivery.publisher, "subscriber": delivery.subscriber,
                "aggregate": delivery.aggregate, "publishedAt": delivery.publishedAt, "tries": delivery.attempts,
            ]
            if let error = delivery.lastError { object["lastError"] = error }
            if let failedAt = delivery.failedAt { object["failedAt"] = failedAt }
            return object
        }
    }

    private static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1fs", value) : value < 3600 ? "\(Int(value))s" : "\(Int(value / 3600))h"
    }
}
