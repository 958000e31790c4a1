extension UINode {
    /// This node with the nodes directly inside it (``UINode/children``) replaced by what
    /// `transform` makes of them; the node itself when it holds none. The one walk down a tree that
    /// the host's passes over it share (links, wording, older schema versions): each does its own
    /// work on a node and leaves the descent to this. The host's alone (its side of the SDK).
    @_spi(AtriumHost) public func replacingChildren(_ transform: ([UINode]) -> [UINode]) -> UINode {
        switch self {
        case .section(var node):
            node.content = transform(node.content)
            return .section(node)
        case .row(var node):
            node.content = transform(node.content)
            return .row(node)
        case .list(var node):
            node.content = transform(node.content)
            return .list(node)
        case .card(var node):
            node.content = transform(node.content)
            return .card(node)
        case .form(var node):
            node.content = transform(node.content)
            return .form(node)
        default:
            return self
        }
    }
}
