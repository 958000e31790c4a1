import AtriumSDK

/// Who a feature flag is on for, as the operator set it (or its default).
package enum FlagRollout: Sendable, Equatable {
    case on
    case off
    /// On for this share of visitors (0–100), the same answer every time for one visitor or user.
    case percent(Int)
    /// On for signed-in users with one of these emails (lower case).
    case users(Set<String>)

    /// The bucket (0–99) of a visitor or user for a flag: FNV-1a of the flag's full name and the id,
    /// so the answer is the same on every host and after every restart, and independent between flags.
    package static func bucket(flag: String, id: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in flag.utf8 + [0] + id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % 100)
    }
}
