/// Nodes laid out side by side, scrolling sideways on a narrow screen.
public struct Row: Sendable, Equatable, Codable {
    public var title: String?
    public var content: [UINode]

    public init(title: String? = nil, content: [UINode]) {
        self.title = title
        self.content = content
    }
}
