/// A labelled on/off switch. In a form it posts `true` when on and nothing when off.
public struct Toggle: Sendable, Equatable, Codable {
    public var name: String
    public var label: String
    public var isOn: Bool

    public init(name: String, label: String, isOn: Bool) {
        self.name = name
        self.label = label
        self.isOn = isOn
    }
}
