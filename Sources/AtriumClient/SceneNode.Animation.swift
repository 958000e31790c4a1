extension SceneNode {
    /// A named animation (a ride's moving bike), described by `label`.
    public struct Animation: Sendable, Equatable, Decodable {
        public var name: String
        public var label: String
    }
}
