extension SceneNode {
    /// Nodes side by side.
    public struct Row: Sendable, Equatable, Decodable {
        public var title: String?
        public var content: [SceneNode]
    }
}
