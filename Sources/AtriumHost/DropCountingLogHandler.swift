import AtriumObservability
import Logging

/// Reads swift-otel's diagnostic lines for the spans it lost — a batch it could not send
/// (`batch_size`), spans its full queue turned away (`dropped_count`) — counts them, and passes its
/// warnings to the host's log.
struct DropCountingLogHandler: LogHandler {
    let metrics: HostMetrics
    let forward: Logger
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .warning

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        let message = event.message.description
        if message.hasPrefix("Failed to export batch"), let size = Self.count(all["batch_size"]) {
            metrics.recordSpansDropped(size)
        } else if message.hasPrefix("Spans were dropped"), let dropped = Self.count(all["dropped_count"]) {
            metrics.recordSpansDropped(dropped)
        }
        guard event.level >= .warning else { return }
        // The batch's id and size say what was lost; the error says why (no span's content).
        forward.log(level: event.level, "tracing: \(message)", metadata: all, source: "AtriumTracing")
    }

    private static func count(_ value: Logger.Metadata.Value?) -> Int? {
        switch value {
        case .string(let text): Int(text)
        case .stringConvertible(let value): Int(value.description)
        default: nil
        }
    }
}
