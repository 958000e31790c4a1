/// A heading inside a screen; the screen's title is the only top-level heading.
public struct Heading: Sendable, Equatable, Codable {
    /// The words as shown.
    public var text: String
    /// 2 for a section of the screen, 3 for an item inside one (the title is 1).
    public var level: Int
    /// The words and the data they hold, for wording; nil for data shown as it is (see ``Text``).
    public var wording: Wording?

    private enum CodingKeys: String, CodingKey { case text, level }

    /// The module's own words (a literal; what it interpolates stays data); a `.verbatim`
    /// wording is data, as ``init(verbatim:level:)`` makes.
    public init(_ wording: Wording, level: Int = 2) {
        self.text = wording.text
        self.level = min(max(level, 2), 4)
        self.wording = wording.isTranslatable ? wording : nil
    }

    /// Data shown as it is (a recipe's name as its page's heading).
    public init(verbatim text: String, level: Int = 2) {
        self.text = text
        self.level = min(max(level, 2), 4)
        self.wording = nil
    }
}
