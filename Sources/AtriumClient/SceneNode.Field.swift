extension SceneNode {
    /// A text input of a form.
    public struct Field: Sendable, Equatable, Decodable {
        /// `text`, `email`, `password`, `number` or `code` (a one-time code).
        public struct Kind: RawRepresentable, Sendable, Hashable, Decodable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let text = Kind(rawValue: "text")
            public static let email = Kind(rawValue: "email")
            public static let password = Kind(rawValue: "password")
            public static let number = Kind(rawValue: "number")
            public static let code = Kind(rawValue: "code")
        }
        public var kind: Kind
        /// The name its value is sent under.
        public var name: String
        public var label: String
        public var value: String
        /// What is wrong with the value sent, after a refused form (422).
        public var error: String?
        public var placeholder: String?
        public var isRequired: Bool
        public var maxLength: Int?
        /// The platform's autofill hint (`email`, `current-password`, `one-time-code`…).
        public var autofill: String?
    }
}
