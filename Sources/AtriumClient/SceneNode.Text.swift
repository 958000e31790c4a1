extension SceneNode {
    /// A paragraph of text.
    public struct Text: Sendable, Equatable, Decodable {
        /// How the text is set: `body`, `caption` or `strong` (a newer host may send another; show it as body).
        public struct Style: RawRepresentable, Sendable, Hashable, Decodable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let body = Style(rawValue: "body")
            public static let caption = Style(rawValue: "caption")
            public static let strong = Style(rawValue: "strong")
        }
        public var text: String
        public var style: Style
    }
}
