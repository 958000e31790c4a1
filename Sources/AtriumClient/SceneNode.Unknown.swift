extension SceneNode {
    /// A node of a kind this kit does not know, with what it holds that the kit does know.
    public struct Unknown: Sendable, Equatable {
        /// Its `type`.
        public var type: String
        /// The nodes found in its `content`, if it has one this kit can read.
        public var content: [SceneNode]

        private enum CodingKeys: String, CodingKey { case content }

        init(type: String, from decoder: any Decoder) throws {
            self.type = type
            let container = try decoder.container(keyedBy: CodingKeys.self)
            content = (try? container.decodeIfPresent([SceneNode].self, forKey: .content)) ?? []
        }
    }
}
