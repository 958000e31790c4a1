/// A titled group of nodes.
public struct Section: Sendable, Equatable, Codable {
    public var title: String?
    public var content: [UINode]

    public init(title: String? = nil, content: [UINode]) {
        self.title = title
        self.content = content
    }
}
