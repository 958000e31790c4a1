@_spi(AtriumHost) import AtriumSDK
import Logging

/// `log.level`: trace, debug, info, notice, warning, error or critical.
public struct LogSettings: ModuleConfiguration, Equatable {
    public var level = Logger.Level.info

    public static let settingDescriptions = ["level": "trace, debug, info, notice, warning, error or critical"]

    public init() {}
    public init(level: Logger.Level) { self.level = level }
}
