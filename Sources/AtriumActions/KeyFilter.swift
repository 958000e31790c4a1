/// Which keys a table may hold, in a fixed 1 MiB of memory (a Bloom filter): "no" is certain, "maybe"
/// is a lookup. ``SQLiteActionOutcomes`` keeps one of every owner and key in its file, so that a post
/// with a new key (nearly every post) acts without first reading the file. It only grows: a key
/// removed from the table (an owner's oldest, an expired one) stays a "maybe" until the filter is
/// made again from the table.
///
/// Its memory is taken when the first key is added: an empty filter (a host's outcome store at boot,
/// one made for what waits to be written while none does) costs nothing (zeroing the 1 MiB was
/// about 3 ms of every start, mostly page faults).
///
/// Not thread-safe: its owner keeps it under its lock.
struct KeyFilter: Sendable {
    /// 2²³ bits: about 900,000 keys at 1 % of "maybe"s that are not; more keys, more lookups.
    static let bitCount = 1 << 23
    static let hashCount = 7

    /// Empty until the first key is added, then `bitCount / 64` words.
    private var words: [UInt64] = []
    /// How many keys were added.
    private(set) var count = 0

    /// Adds `owner` and `key`.
    mutating func insert(owner: String, key: String) {
        if words.isEmpty { words = [UInt64](repeating: 0, count: Self.bitCount / 64) }
        let (first, second) = Self.hashes(owner, key)
        for index in 0..<Self.hashCount {
            let bit = Self.bit(first, second, index)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        count += 1
    }

    /// Adds every key `other` holds.
    mutating func formUnion(_ other: KeyFilter) {
        count += other.count
        guard !other.words.isEmpty else { return }
        guard !words.isEmpty else {
            words = other.words
            return
        }
        for index in words.indices { words[index] |= other.words[index] }
    }

    /// False when `owner` and `key` were never added; true when they may have been.
    func mayContain(owner: String, key: String) -> Bool {
        guard !words.isEmpty else { return false }
        let (first, second) = Self.hashes(owner, key)
        for index in 0..<Self.hashCount {
            let bit = Self.bit(first, second, index)
            if words[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        }
        return true
    }

    /// Two independent 64-bit hashes (this process's seeded hasher, twice), for double hashing.
    private static func hashes(_ owner: String, _ key: String) -> (UInt64, UInt64) {
        var hasher = Hasher()
        hasher.combine(owner)
        hasher.combine(key)
        let first = UInt64(bitPattern: Int64(hasher.finalize()))
        var again = Hasher()
        again.combine(key)
        again.combine(0x9E37_79B9)
        again.combine(owner)
        return (first, UInt64(bitPattern: Int64(again.finalize())) | 1)
    }

    private static func bit(_ first: UInt64, _ second: UInt64, _ index: Int) -> Int {
        Int((first &+ UInt64(index) &* second) % UInt64(bitCount))
    }
}
