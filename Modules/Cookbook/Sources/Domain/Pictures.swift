/// What an ``ImageLookup`` found: picture addresses by name, and whether that answer will stay the
/// same (so a page built from it can be kept).
public struct Pictures: Sendable {
    /// Addresses by name, for at least the names asked about that have a picture.
    public var byName: [String: String]
    /// False when the lookup could not ask about some name (a failed request): asked again, the
    /// answer may differ.
    public var isFinal: Bool

    public init(byName: [String: String], isFinal: Bool = true) {
        self.byName = byName
        self.isFinal = isFinal
    }
}
