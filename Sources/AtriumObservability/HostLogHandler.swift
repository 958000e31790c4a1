import Logging

/// The host's log handler: each line in the configured format (``TextLogLine`` or ``JSONLogLine``,
/// `log.format`), written in batches (``BufferedLogOutput``); lines written for a request carry its
/// id (``RequestID``).
package struct HostLogHandler: LogHandler {
    let label: String
    let output: BufferedLogOutput
    let format: LogSettings.Format
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info

    package init(label: String, output: BufferedLogOutput, format: LogSettings.Format) {
        self.label = label
        self.output = output
        self.format = format
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        switch format {
        case .text: output.append(TextLogLine.line(of: event, label: label, metadata: metadata))
        case .json: output.append(JSONLogLine.line(of: event, metadata: metadata))
        }
    }
}
