import Synchronization

/// Records as the host last read them, decoded, so a page that reads the same account or pantry on
/// every view neither queries SQLite nor decodes JSON again.
///
/// The cache is only as true as the database is private: every write goes through this process's
/// ``SQLiteStorage``, which forgets the entries it touches after committing (a serving host holds
/// the database's host lock, so no other host writes it). A read that raced a write cannot put the
/// value it read back: each write moves the generation on, and a value read under an older
/// generation is not kept.
public final class RecordCache: Sendable {
    struct Key: Hashable, Sendable {
        var module: String
        var collection: String
        /// nil for the whole collection (``RecordStore/records(_:in:)``).
        var id: String?
    }

    /// What a read found: the decoded record, or that there is none.
    enum Entry: Sendable {
        case absent
        case value(any Sendable, type: ObjectIdentifier)
    }

    private struct State {
        /// owner → key → entry, so an owner's records can be forgotten at once (sign-in moves them).
        var entries: [String: [Key: (entry: Entry, cost: Int)]] = [:]
        var generation: UInt64 = 0
        var cost = 0
        var count = 0
    }

    /// Above these, the cache starts over (a page view costs one read again).
    let maximumCost: Int
    let maximumCount: Int
    private let state = Mutex(State())

    init(maximumCost: Int = 16 << 20, maximumCount: Int = 50_000) {
        self.maximumCost = maximumCost
        self.maximumCount = maximumCount
    }

    /// The generation to pass back to ``keep(_:for:owner:cost:readAt:)`` after reading.
    var generation: UInt64 { state.withLock { $0.generation } }

    func entry(for key: Key, owner: String) -> Entry? {
        state.withLock { $0.entries[owner]?[key]?.entry }
    }

    /// Keeps what a read found, unless something was written since the read began.
    func keep(_ entry: Entry, for key: Key, owner: String, cost: Int, readAt generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation, cost <= maximumCost / 16 else { return }
            if state.cost + cost > maximumCost || state.count >= maximumCount {
                state.entries.removeAll()
                state.cost = 0
                state.count = 0
            }
            if let old = state.entries[owner, default: [:]].updateValue((entry, cost), forKey: key) {
                state.cost -= old.cost
            } else {
                state.count += 1
            }
            state.cost += cost
        }
    }

    /// Forgets a record and its collection's list, after a write to it committed.
    func forget(module: String, owner: String, collection: String, id: String) {
        state.withLock { state in
            state.generation &+= 1
            for key in [Key(module: module, collection: collection, id: id), Key(module: module, collection: collection, id: nil)] {
                if let old = state.entries[owner]?.removeValue(forKey: key) {
                    state.cost -= old.cost
                    state.count -= 1
                }
            }
        }
    }

    /// Forgets every record of these owners (sign-in moved them).
    func forget(owners: [String]) {
        state.withLock { state in
            state.generation &+= 1
            for owner in owners {
                for (_, old) in state.entries.removeValue(forKey: owner) ?? [:] {
                    state.cost -= old.cost
                    state.count -= 1
                }
            }
        }
    }

    /// Forgets everything (a migration or a purge changed records in bulk).
    func forgetAll() {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeAll()
            state.cost = 0
            state.count = 0
        }
    }
}
