extension SceneNode {
    /// A list of items, each a node.
    public struct ItemList: Sendable, Equatable, Decodable {
        public var title: String?
        public var content: [SceneNode]
    }
}
