/// Where the first outcome of each action sent with an `Idempotency-Key` is kept, per owner and
/// key, for every host on the storage (``ActionOutcomes``).
package protocol ActionOutcomeStore: Sendable {
    /// Claims `key` for `owner`'s action of `fingerprint` at `now` (seconds since 1970): a claim
    /// made before `staleBefore` and never finished (its host died), or an outcome kept since
    /// before `expiredBefore`, counts as absent. When the owner then holds more than `most` keys,
    /// the oldest go.
    func claim(owner: String, key: String, fingerprint: String, at now: Double, staleBefore: Double, expiredBefore: Double, most: Int)
        async throws -> ActionClaim
    /// Keeps the outcome of a claimed action, made at `now`; when the owner then holds more than
    /// `most` keys, the oldest go.
    func finish(owner: String, key: String, fingerprint: String, at now: Double, outcome: StoredOutcome, most: Int) async throws
    /// Gives a claim up (the action failed before it answered): a repeat acts.
    func release(owner: String, key: String) async throws
    /// Deletes every key claimed before `date`; returns how many.
    func purge(before date: Double) async throws -> Int
    /// How many keys `owner` holds (for tests).
    func count(owner: String) async throws -> Int
}
