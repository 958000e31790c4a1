extension SceneNode {
    /// A group of nodes with an optional title.
    public struct Section: Sendable, Equatable, Decodable {
        public var title: String?
        public var content: [SceneNode]
    }
}
