/// What a person saw when they made an action: a short digest of the state the action's outcome
/// depends on (Moneybox's balance, a pilot's registration), carried by the form or button that
/// makes it (``Form/basis``, ``Button/basis``) and sent back with the action.
///
/// The scene compares it with what is true when the action arrives
/// (``SceneContext/isOutdated(by:)``): when that has changed, it answers
/// ``ActionOutcome/changed(_:because:)`` (the page again, the person's input kept, a sentence
/// saying what changed) instead of acting on something the person did not see. Declare it only
/// for what the action's outcome depends on: a basis of the whole page would refuse every action
/// after any unrelated change.
///
/// It is a digest, not the values: short, and the same on every host and in every build.
public struct ActionBasis: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The digest as sent: 16 hexadecimal digits for a basis made here, any short text as a
    /// client sent it back.
    public let digest: String

    /// The basis of `parts`, in order: `ActionBasis("balance", "\(moneybox)")`.
    public init(_ parts: String...) {
        var sum: UInt64 = 14_695_981_039_346_656_037
        for (index, part) in parts.enumerated() {
            // A separator no part of text has, so ("ab", "c") and ("a", "bc") differ.
            if index > 0 { sum = (sum ^ 0x1F) &* 1_099_511_628_211 }
            for byte in part.utf8 { sum = (sum ^ UInt64(byte)) &* 1_099_511_628_211 }
        }
        let hex = String(sum, radix: 16)
        digest = String(repeating: "0", count: 16 - hex.utf8.count) + hex
    }

    /// A basis as a request carried it.
    @_spi(AtriumHost)
    public init(digest: String) { self.digest = digest }

    public init(from decoder: any Decoder) throws { digest = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(digest)
    }

    public var description: String { digest }
}
