/// A titled group of nodes.
public struct Section: Sendable, Equatable, Codable {
    /// What the section is, shown above it.
    public var title: Wording?
    /// Its nodes, in order.
    public var content: [UINode]

    /// A section of `content` under `title`.
    public init(title: Wording? = nil, content: [UINode]) {
        self.title = title
        self.content = content
    }
}
