import Foundation

/// GBFS values whose form differs between versions and feeds, read leniently.
enum GBFSValue {
    /// Text, or v3's localized text `[{"text", "language"}]` (the preferred language, else English,
    /// else the first).
    struct Localized: Decodable, Sendable {
        var texts: [(text: String, language: String)]

        struct Entry: Decodable { var text: String; var language: String? }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                texts = [(text, "")]
            } else {
                texts = try container.decode([Entry].self).map { ($0.text, $0.language ?? "") }
            }
        }

        func resolved(_ language: String) -> String? {
            texts.first { $0.language == language }?.text ?? texts.first { $0.language.hasPrefix("en") }?.text ?? texts.first?.text
        }
    }

    /// A time: POSIX seconds (v2) or RFC 3339 (v3), with or without fractional seconds. A time
    /// outside 2000…2100 is no time (nil), like a coordinate off the globe: `1e300`, `inf` and NaN
    /// are nonsense, not dates. Seconds that are plainly milliseconds (as some feeds send) are read
    /// as such.
    struct Timestamp: Decodable, Sendable {
        static let plausible = 946_684_800.0...4_102_444_800.0

        var date: Date?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                date = Self.date(seconds: seconds)
                return
            }
            let text = try container.decode(String.self)
            if let seconds = Double(text) {
                date = Self.date(seconds: seconds)
            } else if let parsed = Self.parse(text) {
                date = Self.plausible.contains(parsed.timeIntervalSince1970) ? parsed : nil
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text.prefix(40))' is not a time")
            }
        }

        static func date(seconds: Double) -> Date? {
            if plausible.contains(seconds) { return Date(timeIntervalSince1970: seconds) }
            if plausible.contains(seconds / 1000) { return Date(timeIntervalSince1970: seconds / 1000) }
            return nil
        }

        static func parse(_ text: String) -> Date? {
            let plain = ISO8601DateFormatter()
            if let date = plain.date(from: text) { return date }
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return fractional.date(from: text)
        }
    }

    /// A number, or a number written as text (some feeds quote coordinates).
    struct Number: Decodable, Sendable {
        var value: Double

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                value = number
            } else if let text = try? container.decode(String.self), let number = Double(text) {
                value = number
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number")
            }
        }
    }

    /// A flag, or 0/1 as some v1-era feeds still send.
    struct Flag: Decodable, Sendable {
        var value: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                value = flag
            } else {
                value = try container.decode(Int.self) != 0
            }
        }
    }
}
