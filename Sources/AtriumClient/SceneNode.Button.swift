extension SceneNode {
    /// A button: with an `action`, pressing it posts to that address
    /// (``AtriumClient/press(_:)``); without, it sends the form it is in.
    public struct Button: Sendable, Equatable, Decodable {
        /// `primary`, `secondary` or `destructive`.
        public struct Style: RawRepresentable, Sendable, Hashable, Decodable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let primary = Style(rawValue: "primary")
            public static let secondary = Style(rawValue: "secondary")
            public static let destructive = Style(rawValue: "destructive")
        }
        public var title: String
        public var isEnabled: Bool
        public var style: Style
        public var action: SceneTarget?
        public var accessibilityLabel: String?
        /// What the button says while its action runs.
        public var busyTitle: String?
        /// What its action was made on (the host's `ActionBasis` digest), sent back with it as
        /// `_basis` when it is pressed.
        public var basis: String?
    }
}
