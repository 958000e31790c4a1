/// Words a module writes, as opposed to data it shows as it is: what a translation will one day
/// replace. A string literal is wording; what it interpolates stays data, kept apart:
/// `Text("Welcome \(name)!")` has the key `Welcome %@!` and the argument `name`. Data alone is
/// `Text(verbatim: recipe.name)`. Both render the same today.
public struct Wording: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The words with `%@` where each piece of data goes: what a translation would look up.
    public let key: String
    /// The data put into the placeholders, as shown.
    public let arguments: [String]
    /// The words as shown today.
    public let text: String

    public init(stringLiteral value: String) {
        key = value
        arguments = []
        text = value
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        text = stringInterpolation.text
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [String] = []
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
            text += value.description
        }
    }
}

extension String {
    /// A literal part of a key, its `%` written as `%%` so only placeholders are `%@`.
    fileprivate func replacingPercent() -> String {
        contains("%") ? split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") : self
    }
}
