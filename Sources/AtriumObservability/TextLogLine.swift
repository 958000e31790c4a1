import Foundation
import Logging
import Synchronization

/// `log.format: text`: swift-log's `StreamLogHandler` line (`<time> <level> <label>: <metadata>
/// [<source>] <message>`), with the request's id (``RequestID``) among the metadata, and the
/// span's `trace_id` and `span_id` when tracing is on (``HostTracing``). Written here
/// rather than configured on `StreamLogHandler` because that one re-formats a logger's metadata each
/// time it is set (Hummingbird sets it on every request's logger, which mostly logs nothing), asks a
/// metadata provider for a dictionary on every line and formats the time with two C calls per line:
/// together about 5 % of a page's CPU. Here metadata is formatted only when a line is written and
/// the time once a second.
package enum TextLogLine {
    /// The line of `event` with the logger's `label` and `metadata`.
    static func line(of event: LogEvent, label: String, metadata: Logger.Metadata) -> String {
        var line = timestamp()
        line.reserveCapacity(160)
        line += " " + event.level.rawValue
        if !label.isEmpty { line += " " + label }
        line += ":"
        let traced = HostTracing.logMetadata()
        if metadata.isEmpty, event.metadata?.isEmpty ?? true, event.error == nil, traced == nil {
            // The common line: the request's id alone.
            if let id = RequestID.current {
                line += " "
                line += RequestID.metadataKey
                line += "="
                line += id
            }
        } else {
            var all = metadata
            if let id = RequestID.current { all[RequestID.metadataKey] = .string(id) }
            if let traced { all.merge(traced) { _, new in new } }
            if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
            if let error = event.error {
                all["error.message"] = "\(error)"
                all["error.type"] = "\(String(reflecting: type(of: error)))"
            }
            for (key, value) in all.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        }
        line += " ["
        line += event.source
        line += "] "
        line += event.message.description
        line += "\n"
        return line
    }

    /// The time as `StreamLogHandler` writes it (local time, `%Y-%m-%dT%H:%M:%S%z`), formatted once
    /// a second.
    static func timestamp() -> String {
        let now = time(nil)
        if let kept = lastSecond.withLock({ $0.second == now ? $0.text : nil }) { return kept }
        var local = tm()
        var seconds = now
        guard localtime_r(&seconds, &local) != nil else { return "<unknown>" }
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { strftime($0.baseAddress!, $0.count, "%Y-%m-%dT%H:%M:%S%z", &local) }
        }
        let text = String(decoding: buffer.prefix(length), as: UTF8.self)
        lastSecond.withLock { $0 = (now, text) }
        return text
    }

    private static let lastSecond = Mutex<(second: time_t, text: String)>((-1, ""))
}
