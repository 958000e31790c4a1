/// A labelled on/off switch. In a form it posts its value (`true` unless given) when on and
/// nothing when off; several toggles with one name ending in `[]` post a list.
public struct Toggle: Sendable, Equatable, Codable {
    public var name: String
    public var label: String
    public var isOn: Bool
    public var value: String

    public init(name: String, label: String, isOn: Bool, value: String = "true") {
        self.name = name
        self.label = label
        self.isOn = isOn
        self.value = value
    }
}
