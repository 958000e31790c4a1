extension SceneNode {
    /// A message to the person: what happened, or what went wrong.
    public struct Message: Sendable, Equatable, Decodable {
        /// `info`, `success`, `warning` or `error`.
        public struct Kind: RawRepresentable, Sendable, Hashable, Decodable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let info = Kind(rawValue: "info")
            public static let success = Kind(rawValue: "success")
            public static let warning = Kind(rawValue: "warning")
            public static let error = Kind(rawValue: "error")
        }
        public var text: String
        public var kind: Kind
    }
}
