/// Nodes laid out side by side, scrolling sideways on a narrow screen.
public struct Row: Sendable, Equatable, Codable {
    /// What the row is, shown above it.
    public var title: Wording?
    /// Its nodes, in order.
    public var content: [UINode]

    /// A row of `content` under `title`.
    public init(title: Wording? = nil, content: [UINode]) {
        self.title = title
        self.content = content
    }
}
