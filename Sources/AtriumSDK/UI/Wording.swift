import Foundation

/// Words a module writes, as opposed to data it shows as it is: what a translation replaces. A
/// string literal is wording; what it interpolates stays data, kept apart:
/// `Text("Welcome \(name)!")` has the key `Welcome %@!` and the argument `name`, and
/// `Text("\(count) vehicles")` the key `%lld vehicles` and the number `count`, which picks the
/// plural form a language needs (see "Translating a module"). Data alone is
/// `Text(verbatim: recipe.name)`, or `.verbatim(recipe.name)` wherever a node takes wording
/// (`Link(.verbatim(recipe.name), to: …)`): it is shown as it is in every language.
///
/// In a scene document wording is its words as shown, a plain string: native clients see no
/// keys, and a document read back holds data only.
public struct Wording: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The words with a placeholder where each piece of data goes (`%@` for text, `%lld` for a
    /// whole number): what a translation looks up. Nil for data shown as it is.
    public let key: String?
    /// The data put into the placeholders, as shown in the source language.
    public let arguments: [String]
    /// Each argument's value when it is a whole number (it chooses a plural form and is written
    /// with the language's digit grouping), else nil; as many as ``arguments``.
    public let numbers: [Int?]
    /// The words as written in the source (English).
    public let text: String
    /// The arguments each language writes its own way, by place (nil for data, which is shown as
    /// it is): wording of their own, amounts of money, decimals and dates. Empty when there are none.
    public let parts: [Part?]

    /// An argument each language writes its own way.
    public indirect enum Part: Sendable, Hashable {
        /// Words of their own (`"\(place) · \(vehicles)"` where `vehicles` is `"\(count) vehicles"`),
        /// put into the language (their own plural form) before they fill the placeholder.
        case wording(Wording)
        /// An amount: `£5,651.96` in English, `5651,96 £` in Spanish.
        case money(Money)
        /// A number with `fractionDigits` decimals: `1.2` in English, `1,2` in Spanish.
        case decimal(Double, fractionDigits: Int)
        /// A moment, in UTC, with the date and time styles given: `4:05 PM`, `16:05`.
        case date(Date, date: Date.FormatStyle.DateStyle, time: Date.FormatStyle.TimeStyle)
    }

    /// The language views are written in: English.
    public static let sourceLanguage = "en"

    /// How the source language writes dates and decimals in arguments: international English
    /// (`15 Jan 2027 at 8:00 AM`, `1.2`), whatever the server's own locale.
    static let sourceLocale = Locale(identifier: "en_001")

    public init(stringLiteral value: String) {
        key = value.replacingPercent()
        arguments = []
        numbers = []
        text = value
        parts = []
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        numbers = stringInterpolation.numbers
        text = stringInterpolation.text
        parts = stringInterpolation.parts
    }

    /// Data shown as it is in every language (a name, an amount, a remote API's words).
    public init(verbatim text: String) {
        key = nil
        arguments = []
        numbers = []
        self.text = text
        parts = []
    }

    /// Data shown as it is in every language: `Link(.verbatim(recipe.name), to: …)`.
    public static func verbatim(_ text: String) -> Wording { Wording(verbatim: text) }

    /// The words as shown.
    public var description: String { text }

    /// Whether both show the same words in the source language (what a test or a change of
    /// state compares; the key follows from the words).
    public static func == (lhs: Wording, rhs: Wording) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Whether these are words a translation replaces (false for data shown as it is).
    public var isTranslatable: Bool { key != nil }

    /// Read back from a document: data, since a document holds the words as shown.
    public init(from decoder: any Decoder) throws {
        self.init(verbatim: try decoder.singleValueContainer().decode(String.self))
    }

    /// The words as shown, as a plain string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [String] = []
        var numbers: [Int?] = []
        var text = ""
        var parts: [Part?] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingPercent()
            text += literal
        }

        /// Adds data: shown as it is, kept apart from the words.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            key += "%@"
            arguments.append(value.description)
            numbers.append(nil)
            text += value.description
        }

        /// Adds wording: its own words, put into each language before they fill the placeholder,
        /// so parts made apart (a plural of their own) make one sentence.
        public mutating func appendInterpolation(_ value: Wording) {
            guard value.isTranslatable else {
                appendInterpolation(value.text)
                return
            }
            append(.wording(value), shown: value.text, placeholder: "%@")
        }

        /// Adds an amount, written as each language writes money (`£10.00`, `10,00 £`).
        public mutating func appendInterpolation(_ value: Money) {
            append(.money(value), shown: value.formatted, placeholder: "%@")
        }

        /// Adds a decimal number with `fractionDigits` decimals, written with each language's
        /// decimal separator (`1.2`, `1,2`).
        public mutating func appendInterpolation(_ value: Double, fractionDigits: Int) {
            let digits = min(max(fractionDigits, 0), 6)
            let shown =
                value.isFinite
                ? value.formatted(.number.precision(.fractionLength(digits)).grouping(.never).locale(Wording.sourceLocale)) : "\(value)"
            append(.decimal(value, fractionDigits: digits), shown: shown, placeholder: "%@")
        }

        /// Adds a moment in UTC, written as each language writes dates and times.
        public mutating func appendInterpolation(
            _ value: Date, date: Date.FormatStyle.DateStyle = .omitted, time: Date.FormatStyle.TimeStyle = .shortened
        ) {
            let shown = value.formatted(Date.FormatStyle(date: date, time: time, locale: Wording.sourceLocale, timeZone: .gmt))
            append(.date(value, date: date, time: time), shown: shown, placeholder: "%@")
        }

        private mutating func append(_ part: Part, shown: String, placeholder: String) {
            if parts.count < arguments.count { parts += Array(repeating: nil, count: arguments.count - parts.count) }
            key += placeholder
            arguments.append(shown)
            numbers.append(nil)
            parts.append(part)
            text += shown
        }

        /// Adds a whole number: it chooses the plural form of the words around it in each
        /// language, and is written with that language's digit grouping.
        public mutating func appendInterpolation(_ value: Int) {
            key += "%lld"
            arguments.append(String(value))
            numbers.append(value)
            text += String(value)
        }
    }
}

extension String {
    /// A literal part of a key, its `%` written as `%%` so only placeholders start with `%`.
    fileprivate func replacingPercent() -> String {
        contains("%") ? split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") : self
    }
}
