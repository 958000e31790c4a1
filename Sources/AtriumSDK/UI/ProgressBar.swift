/// How far something has got, from 0 to 1, with a label.
public struct ProgressBar: Sendable, Equatable, Codable {
    public var value: Double
    public var label: String

    public init(value: Double, label: String) {
        self.value = min(max(value, 0), 1)
        self.label = label
    }

    /// The value as a whole percentage, "70%".
    public var percentText: String { "\(Int((value * 100).rounded()))%" }
}
