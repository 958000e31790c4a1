/// A vertical list; each node is one item.
public struct ItemList: Sendable, Equatable, Codable {
    /// What the list is, shown above it.
    public var title: Wording?
    /// The items, one node each.
    public var content: [UINode]

    /// A list of `content` under `title`.
    public init(title: Wording? = nil, content: [UINode]) {
        self.title = title
        self.content = content
    }
}
