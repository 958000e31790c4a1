import Logging

/// `log.level`: trace, debug, info, notice, warning, error or critical.
public struct LogSettings: Decodable, Sendable, Equatable {
    public var level: Logger.Level

    public init(level: Logger.Level = .info) { self.level = level }

    private enum CodingKeys: String, CodingKey { case level }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let text = try container.decodeIfPresent(String.self, forKey: .level) else {
            level = .info
            return
        }
        guard let level = Logger.Level(rawValue: text) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(forKey: .level, in: container, debugDescription: "'\(text)' is not a level; use one of: \(levels)")
        }
        self.level = level
    }
}
