/// A vertical list; each node is one item.
public struct ItemList: Sendable, Equatable, Codable {
    public var title: String?
    public var content: [UINode]

    public init(title: String? = nil, content: [UINode]) {
        self.title = title
        self.content = content
    }
}
