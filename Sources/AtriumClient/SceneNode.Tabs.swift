extension SceneNode {
    /// Tabs, each leading to its page; one is the current page.
    public struct Tabs: Sendable, Equatable, Decodable {
        public struct Tab: Sendable, Equatable, Decodable {
            public var title: String
            public var target: SceneTarget
            public var isSelected: Bool
        }
        public var items: [Tab]
    }
}
