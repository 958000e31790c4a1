@_spi(AtriumHost) import AtriumSDK
import Logging

/// `log`: how much the host writes, and in which format.
public struct LogSettings: ModuleConfiguration, Equatable {
    /// How log lines are written.
    public enum Format: String, Codable, Sendable, CaseIterable {
        /// swift-log's text lines: time, level, label, metadata, message.
        case text
        /// One JSON object per line: time, level, message, module, request id, metadata.
        case json
    }

    public var level = Logger.Level.info
    public var format = Format.text

    public static let settingDescriptions = [
        "level": "trace, debug, info, notice, warning, error or critical",
        "format": "text (readable lines) or json (one JSON object per line, for log collectors); read at start, not on reload",
    ]

    public init() {}
    public init(level: Logger.Level, format: Format = .text) {
        self.level = level
        self.format = format
    }
}
