import Foundation
import Logging

/// `log.format: json`: one JSON object per line — `time` (UTC, milliseconds), `level`, `message`,
/// `module`, `requestID` (when the line was written for a request) and `metadata` (the rest) —
/// written in batches like the text format (``BufferedLogOutput``).
package struct JSONLogHandler: LogHandler {
    let label: String
    let output: BufferedLogOutput
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info

    /// A handler writing to `output`; lines written for a request carry its id (``RequestID``).
    package init(label: String, output: BufferedLogOutput) {
        self.label = label
        self.output = output
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var all = metadata
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        if let error = event.error { all["error"] = .string("\(type(of: error))") }
        let module = all.removeValue(forKey: "module")
        let requestID = RequestID.current.map(Logger.MetadataValue.string) ?? all.removeValue(forKey: RequestID.metadataKey)
        var line = "{\"time\":" + Self.quoted(Self.timestamp()) + ",\"level\":" + Self.quoted(event.level.rawValue)
        line += ",\"message\":" + Self.quoted(event.message.description)
        if let module { line += ",\"module\":" + Self.json(module) }
        if let requestID { line += ",\"requestID\":" + Self.json(requestID) }
        if !all.isEmpty { line += ",\"metadata\":" + Self.json(.dictionary(all)) }
        output.append(line + "}\n")
    }

    /// The current time as ISO 8601 in UTC with milliseconds.
    static func timestamp(_ date: Date = Date()) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .stringConvertible(let value): quoted(value.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let values):
            "{" + values.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
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
