extension SceneNode {
    /// A heading of `level` 1 to 6.
    public struct Heading: Sendable, Equatable, Decodable {
        public var level: Int
        public var text: String
    }
}
