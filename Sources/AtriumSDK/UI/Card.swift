/// A boxed group of nodes, optionally leading somewhere when chosen.
public struct Card: Sendable, Equatable, Codable {
    /// Where choosing the card leads; nil for a card that only groups.
    public var target: LinkTarget?
    /// What the card shows.
    public var content: [UINode]

    /// A card showing `content`, leading to `target` when given.
    public init(target: LinkTarget? = nil, content: [UINode]) {
        self.target = target
        self.content = content
    }
}
