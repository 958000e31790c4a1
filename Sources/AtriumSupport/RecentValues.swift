import Synchronization

/// Values worked out from short texts seen lately — a session token's hash, a token's part of a
/// tag, an `Accept` header's format: a client sends the same text with every request, so each is
/// worked out once. When ``limit`` values are kept the memo starts again (odd clients cannot fill
/// it for good); a text longer than ``longestKey`` bytes is worked out each time.
package final class RecentValues<Value: Sendable>: Sendable {
    package let limit: Int
    package let longestKey: Int
    private let values = Mutex<[String: Value]>([:])

    package init(limit: Int, longestKey: Int) {
        self.limit = limit
        self.longestKey = longestKey
    }

    /// The value of `key`: kept, or made by `make` now (outside the lock) and kept.
    package func value(of key: String, make: (String) -> Value) -> Value {
        guard key.utf8.count <= longestKey else { return make(key) }
        if let known = values.withLock({ $0[key] }) { return known }
        let made = make(key)
        values.withLock { values in
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[key] = made
        }
        return made
    }

    /// How many values are kept.
    package var count: Int { values.withLock { $0.count } }
}
