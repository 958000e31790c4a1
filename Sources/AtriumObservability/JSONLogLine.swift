import Foundation
import Logging

/// `log.format: json`: one JSON object per line — `time` (UTC, milliseconds), `level`, `message`,
/// `module`, `requestID` (when the line was written for a request), `traceID` and `spanID` (when
/// tracing is on and the line was written inside a span) and `metadata` (the rest).
package enum JSONLogLine {
    /// The line of `event` with the logger's `metadata`.
    static func line(of event: LogEvent, metadata: Logger.Metadata) -> String {
        var all = metadata
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        if let error = event.error { all["error"] = .string("\(type(of: error))") }
        let module = all.removeValue(forKey: "module")
        let requestID = RequestID.current.map(Logger.MetadataValue.string) ?? all.removeValue(forKey: RequestID.metadataKey)
        let traced = HostTracing.logMetadata()
        var line = "{\"time\":" + quoted(timestamp()) + ",\"level\":" + quoted(event.level.rawValue)
        line += ",\"message\":" + quoted(event.message.description)
        if let module { line += ",\"module\":" + json(module) }
        if let requestID { line += ",\"requestID\":" + json(requestID) }
        if let traceID = traced?["trace_id"], let spanID = traced?["span_id"] {
            line += ",\"traceID\":" + json(traceID) + ",\"spanID\":" + json(spanID)
        }
        if !all.isEmpty { line += ",\"metadata\":" + json(.dictionary(all)) }
        return line + "}\n"
    }

    /// The current time as ISO 8601 in UTC with milliseconds.
    package static func timestamp(_ date: Date = Date()) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    package static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .stringConvertible(let value): quoted(value.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let values):
            "{" + values.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
