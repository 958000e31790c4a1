/// A paragraph of text: the module's own wording (a literal, ``Wording``), or data shown as it is
/// (``init(verbatim:style:)``: a name, a recipe, an amount).
public struct Text: Sendable, Equatable, Codable {
    /// How the text is set.
    public enum Style: String, Sendable, Codable, CaseIterable {
        /// Running text.
        case body
        /// Smaller, secondary text.
        case caption
        /// Emphasised text.
        case strong
    }

    /// The words as shown.
    public var text: String
    /// How it is set.
    public var style: Style
    /// The words and the data they hold, for wording; nil for data shown as it is.
    public var wording: Wording?

    private enum CodingKeys: String, CodingKey { case text, style }

    /// The module's own words (a literal; what it interpolates stays data); a `.verbatim`
    /// wording is data, as ``init(verbatim:style:)`` makes.
    public init(_ wording: Wording, style: Style = .body) {
        self.text = wording.text
        self.style = style
        self.wording = wording.isTranslatable ? wording : nil
    }

    /// Data shown as it is.
    public init(verbatim text: String, style: Style = .body) {
        self.text = text
        self.style = style
        self.wording = nil
    }
}
