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

    public init(stringLiteral value: String) {
        key = value.replacingPercent()
        arguments = []
        numbers = []
        text = value
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        numbers = stringInterpolation.numbers
        text = stringInterpolation.text
    }

    /// Data shown as it is in every language (a name, an amount, a remote API's words).
    public init(verbatim text: String) {
        key = nil
        arguments = []
        numbers = []
        self.text = text
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
