/// A short decorative animation (for example a reward). It stays still for visitors who ask for
/// reduced motion, and its label says what it shows.
public struct Animation: Sendable, Equatable, Codable {
    /// Which animation (`reward`).
    public var name: String
    /// What it shows, for those who cannot see it.
    public var label: Wording

    /// The animation `name`, described by `label`.
    public init(name: String, label: Wording) {
        self.name = name
        self.label = label
    }
}
