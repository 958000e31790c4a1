/// A heading inside a screen; the screen's title is the only top-level heading.
public struct Heading: Sendable, Equatable, Codable {
    public var text: String
    /// 2 to 4; 1 is reserved for the screen title.
    public var level: Int

    public init(_ text: String, level: Int = 2) {
        self.text = text
        self.level = min(max(level, 2), 4)
    }
}
