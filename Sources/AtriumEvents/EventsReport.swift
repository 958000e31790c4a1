import Foundation

/// What `atrium events` prints: every pending and failed delivery with its state, oldest first.
package enum EventsReport {
    /// Where one delivery stands.
    package static func state(of delivery: PendingDelivery, among deliveries: [PendingDelivery], now: Double) -> String {
        if delivery.failedAt != nil { return "failed" }
        if let earlier = deliveries.first(where: {
            $0.subscriber == delivery.subscriber && $0.aggregate == delivery.aggregate && $0.number < delivery.number
        }) {
            return "waiting behind #\(earlier.number)"
        }
        if delivery.nextAttemptAt > now { return "retrying in \(seconds(delivery.nextAttemptAt - now))" }
        return "pending"
    }

    /// One line per delivery, under a heading; a sentence when there is none.
    package static func lines(_ deliveries: [PendingDelivery], now: Double) -> [String] {
        guard !deliveries.isEmpty else { return ["No events are waiting: every subscriber has handled every event."] }
        let failed = deliveries.filter { $0.failedAt != nil }.count
        var lines = ["\(deliveries.count) waiting, \(failed) failed (retry or discard one: atrium events retry|discard <number>)"]
        for delivery in deliveries {
            var line =
                "#\(delivery.number)  \(state(of: delivery, among: deliveries, now: now))  \(delivery.name) v\(delivery.version)  "
                + "\(delivery.publisher) → \(delivery.subscriber)  aggregate \(delivery.aggregate)  "
                + "published \(seconds(max(0, now - delivery.publishedAt))) ago  tries \(delivery.attempts)"
            if let error = delivery.lastError { line += "  last error: \(error)" }
            lines.append(line)
        }
        return lines
    }

    /// The deliveries as JSON objects, for scripts.
    package static func objects(_ deliveries: [PendingDelivery], now: Double) -> [[String: Any]] {
        deliveries.map { delivery in
            var object: [String: Any] = [
                "number": delivery.number, "state": state(of: delivery, among: deliveries, now: now), "event": delivery.name,
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
