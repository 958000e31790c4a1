/// A paragraph of text.
public struct Text: Sendable, Equatable, Codable {
    public enum Style: String, Sendable, Codable, CaseIterable { case body, caption, strong }

    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .body) {
        self.text = text
        self.style = style
    }
}
