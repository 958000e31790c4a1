/// A titled group of nodes.
public struct Section: Sendable, Equatable, Codable {
    /// What the section is, shown above it.
    public var title: String?
    /// Its nodes, in order.
    public var content: [UINode]

    /// A section of `content` under `title`.
    public init(title: String? = nil, content: [UINode]) {
        self.title = title
        self.content = content
    }
}
