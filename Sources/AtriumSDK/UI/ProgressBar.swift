/// How far something has got, from 0 to 1, with a label.
public struct ProgressBar: Sendable, Equatable, Codable {
    private enum CodingKeys: String, CodingKey { case value, label }

    /// How far, from 0 to 1.
    public var value: Double
    /// What is progressing.
    public var label: Wording

    /// A bar at `value`, clamped to 0…1 (not a number shows as 0).
    public init(value: Double, label: Wording) {
        // NaN (0 / 0) shows as empty rather than reaching a renderer that rounds it to an Int.
        self.value = value.isNaN ? 0 : min(max(value, 0), 1)
        self.label = label
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(value: try container.decode(Double.self, forKey: .value), label: try container.decode(Wording.self, forKey: .label))
    }

    /// The value as a whole percentage, "70%".
    public var percentText: String { "\(Int((value * 100).rounded()))%" }
}
