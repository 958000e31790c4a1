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

    /// Hummingbird's id for the request, which its `Application` sets on every request's logger (the
    /// test kit's hosts run one; a serving host's listener sets none): kept apart, not among the
    /// metadata, because lines carry the host's own id (``RequestID``) and setting a key in the
    /// dictionary made a new one on every request (1 % of a page) for lines mostly not written.
    private var hummingbirdRequestID: Logger.Metadata.Value?
    static let hummingbirdRequestIDKey = "hb.request.id"

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { key == Self.hummingbirdRequestIDKey ? hummingbirdRequestID : metadata[key] }
        set {
            if key == Self.hummingbirdRequestIDKey {
                hummingbirdRequestID = newValue
            } else {
                metadata[key] = newValue
            }
        }
    }

    package func log(event: LogEvent) {
        switch format {
        case .text: output.append(TextLogLine.line(of: event, label: label, metadata: metadata))
        case .json: output.append(JSONLogLine.line(of: event, metadata: metadata))
        }
    }
}
