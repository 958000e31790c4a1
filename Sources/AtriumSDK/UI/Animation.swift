/// A short decorative animation (for example a reward). It stays still for visitors who ask for
/// reduced motion, and its label says what it shows.
public struct Animation: Sendable, Equatable, Codable {
    public var name: String
    public var label: String

    public init(name: String, label: String) {
        self.name = name
        self.label = label
    }
}
