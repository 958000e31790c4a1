extension SceneNode {
    /// A tappable group that leads to `target` (a recipe, an account).
    public struct Card: Sendable, Equatable, Decodable {
        public var content: [SceneNode]
        public var target: SceneTarget?
    }
}

extension SceneNode.Card {
    /// The card's title: its first heading or text.
    public var title: String {
        for node in content.flatMap({ [$0] + $0.descendants }) {
            switch node {
            case .heading(let heading): return heading.text
            case .text(let text): return text.text
            default: continue
            }
        }
        return ""
    }
}
