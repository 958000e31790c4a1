extension SceneNode {
    /// A link to `target` (``AtriumClient/follow(_:)``).
    public struct Link: Sendable, Equatable, Decodable {
        /// `plain`, `button` or `icon`.
        public struct Style: RawRepresentable, Sendable, Hashable, Decodable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let plain = Style(rawValue: "plain")
            public static let button = Style(rawValue: "button")
            public static let icon = Style(rawValue: "icon")
        }
        public var title: String
        public var target: SceneTarget
        public var style: Style
    }
}
