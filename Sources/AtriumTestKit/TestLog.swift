import AtriumHost
import AtriumObservability
import Logging
import Synchronization

/// Every line a test host logs, kept for the test to read (`TestHost.boot(…, log:)`): each with its
/// level, message and metadata (the request's id included, as `request-id`), at every level.
public final class TestLog: Sendable {
    /// One line.
    public struct Line: Sendable {
        /// Its level.
        public let level: Logger.Level
        /// Its message.
        public let message: String
        /// Its metadata, as text.
        public let metadata: [String: String]

        /// The line as a whole, for searching: message and every metadata value.
        public var text: String { ([message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ") }
    }

    private let kept = Mutex<[Line]>([])

    /// An empty log.
    public init() {}

    /// The lines so far, in order.
    public var lines: [Line] { kept.withLock { $0 } }

    /// A logger that keeps its lines here (what `TestHost.boot(…, log:)` gives the host), for code a
    /// test calls directly.
    public var logger: Logger {
        var logger = Logger(label: "atrium-test") { [self] _ in Handler(log: self, metadataProvider: RequestID.metadataProvider) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func keep(_ line: Line) { kept.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let log: TestLog
        var metadataProvider: Logger.MetadataProvider?
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var all = metadata
            if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
            if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
            log.keep(Line(level: event.level, message: event.message.description, metadata: all.mapValues { "\($0)" }))
        }
    }
}
