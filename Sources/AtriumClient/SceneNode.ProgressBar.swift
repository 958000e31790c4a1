extension SceneNode {
    /// Progress from 0 to 1, with what it measures.
    public struct ProgressBar: Sendable, Equatable, Decodable {
        public var value: Double
        public var label: String
    }
}
