extension SceneNode {
    /// A choice among `options`, sent under `name`.
    public struct Picker: Sendable, Equatable, Decodable {
        public struct Option: Sendable, Equatable, Decodable {
            public var value: String
            public var label: String
        }
        public var name: String
        public var label: String
        public var options: [Option]
        public var selected: String?
        public var placeholder: String?
        public var error: String?
        public var isRequired: Bool
    }
}
