import Synchronization

/// Values worked out from short texts seen lately — a session token's hash, a token's part of a
/// tag, an `Accept` header's format: a client sends the same text with every request, so each is
/// worked out once. When ``limit`` values are kept the memo starts again (odd clients cannot fill
/// it for good); a text longer than ``longestKey`` bytes is worked out each time.
///
/// Made for strings and integers here (`@_specialize`): called from other targets, the generic code
/// made the runtime look up its dictionary's and lock's metadata on every call (about 1 % of a
/// signed-in page, `perf`), and a `package` function's `@inlinable` body is not specialized by
/// its callers. So the values kept are strings or integers (a negotiated format is packed into one).
package final class RecentValues<Value: Sendable>: Sendable {
    package let limit: Int
    package let longestKey: Int
    private let values = Mutex<[String: Value]>([:])

    package init(limit: Int, longestKey: Int) {
        self.limit = limit
        self.longestKey = longestKey
    }

    /// The value of `key`: kept, or made by `make` now (outside the lock) and kept.
    @_specialize(exported:true,where Value == String)
    @_specialize(exported:true,where Value == Int)
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
