import AtriumSDK
import Logging

/// `log`: how much the host writes, and in which format.
package struct LogSettings: ModuleConfiguration, Equatable {
    /// How log lines are written.
    package enum Format: String, Codable, Sendable, CaseIterable {
        /// swift-log's text lines: time, level, label, metadata, message.
        case text
        /// One JSON object per line: time, level, message, module, request id, metadata.
        case json
    }

    package var level = Logger.Level.info
    package var format = Format.text

    package static let settingDescriptions = [
        "level": "trace, debug, info, notice, warning, error or critical",
        "format": "text (readable lines) or json (one JSON object per line, for log collectors); read at start, not on reload",
    ]

    package init() {}
    package init(level: Logger.Level, format: Format = .text) {
        self.level = level
        self.format = format
    }
}
