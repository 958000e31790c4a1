extension SceneNode {
    /// An on/off switch: when on, the form sends `value` under `name`.
    public struct Toggle: Sendable, Hashable, Decodable {
        public var name: String
        public var label: String
        public var isOn: Bool
        public var value: String
    }
}
