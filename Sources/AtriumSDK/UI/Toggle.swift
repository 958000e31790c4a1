/// A labelled on/off switch. In a form it posts its value (`true` unless given) when on and
/// nothing when off; several toggles with one name ending in `[]` post a list.
public struct Toggle: Sendable, Equatable, Codable {
    /// The name it posts under.
    public var name: String
    /// What the label says.
    public var label: Wording
    /// Whether it is on.
    public var isOn: Bool
    /// What it posts when on.
    public var value: String

    /// A switch posting `value` under `name` when on.
    public init(name: String, label: Wording, isOn: Bool, value: String = "true") {
        self.name = name
        self.label = label
        self.isOn = isOn
        self.value = value
    }
}
