extension SceneNode {
    /// A picture from `source` (an address), described by `alt`; `placeholder` names what to show
    /// while it loads or when it has none.
    public struct Image: Sendable, Equatable, Decodable {
        /// `rectangle` or `circle`.
        public struct Shape: RawRepresentable, Sendable, Hashable, Decodable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let rectangle = Shape(rawValue: "rectangle")
            public static let circle = Shape(rawValue: "circle")
        }
        public var source: String?
        public var alt: String
        public var placeholder: String?
        public var shape: Shape
    }
}
