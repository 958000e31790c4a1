/// A boxed group of nodes, optionally leading somewhere when chosen.
public struct Card: Sendable, Equatable, Codable {
    public var target: LinkTarget?
    public var content: [UINode]

    public init(target: LinkTarget? = nil, content: [UINode]) {
        self.target = target
        self.content = content
    }
}
