import Synchronization

/// Records as the host last read them, decoded, so a page that reads the same account or pantry on
/// every view neither queries the database nor decodes JSON again.
///
/// The cache is as true as the change feed (``ChangeFeed``) is complete: every committed write,
/// this host's or (on PostgreSQL) another's, makes it forget the record it changed. While the feed
/// cannot vouch for what it missed (a PostgreSQL listener reconnecting) the cache is suspended:
/// nothing is served from it and nothing kept. A read that raced a write cannot put the value it
/// read back: each change moves its owner's generation on, and a value read under an older
/// generation is not kept. Generations are per owner (hashed into stripes), so one visitor's
/// writes do not stop other visitors' reads from being kept.
package final class RecordCache: Sendable {
    struct Key: Hashable, Sendable {
        var module: String
        var collection: String
        /// nil for the whole collection (``RecordStore/records(_:in:)``).
        var id: String?
    }

    /// What a read found: the decoded record, or that there is none.
    enum Entry: Sendable {
        case absent
        /// The record (or records) in a box whose type is `type`: taken out again without a
        /// dynamic cast, which was a page's largest cost of reading a kept record.
        case value(any AnyObject & Sendable, type: ObjectIdentifier)

        static func value<Value: Sendable>(_ value: Value) -> Entry {
            .value(KeptValue(value), type: ObjectIdentifier(KeptValue<Value>.self))
        }

        /// The value kept, when it is a `Value`.
        func value<Value: Sendable>(of _: Value.Type) -> Value? {
            guard case .value(let box, let type) = self, type == ObjectIdentifier(KeptValue<Value>.self) else { return nil }
            return unsafeDowncast(box, to: KeptValue<Value>.self).value
        }
    }

    /// A kept value, boxed so its type is known by identity.
    final class KeptValue<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Owners' generations are kept in this many stripes.
    static let stripeCount = 64

    private struct State {
        /// owner → key → entry, so an owner's records can be forgotten at once (sign-in moves them).
        var entries: [String: [Key: (entry: Entry, cost: Int)]] = [:]
        var generations = [UInt64](repeating: 0, count: RecordCache.stripeCount)
        var cost = 0
        var count = 0
        var isSuspended = false

        mutating func removeAll() {
            entries.removeAll()
            cost = 0
            count = 0
        }

        mutating func remove(_ key: Key, of owner: String) {
            if let old = entries[owner]?.removeValue(forKey: key) {
                cost -= old.cost
                count -= 1
            }
        }

        mutating func removeAll(of owner: String) {
            for (_, old) in entries.removeValue(forKey: owner) ?? [:] {
                cost -= old.cost
                count -= 1
            }
        }

        mutating func advance(_ owner: String) { generations[RecordCache.stripe(of: owner)] &+= 1 }

        mutating func advanceAll() {
            for index in generations.indices { generations[index] &+= 1 }
        }
    }

    /// Above these, the cache starts over (a page view costs one read again).
    let maximumCost: Int
    let maximumCount: Int
    private let state = Mutex(State())
    private let loadCount = Atomic<Int>(0)

    /// How many record reads went to the database since the host started (the stores note each):
    /// what was not kept here, and reads inside a transaction or of collections never kept
    /// (`/metrics`, and the live benchmark's loads per change).
    package var loads: Int { loadCount.load(ordering: .relaxed) }

    package func noteLoad() { loadCount.add(1, ordering: .relaxed) }
    /// Collections no host caches (``ModuleRegistrar/expireRecords(in:unchangedFor:)``: throttle
    /// counts, lockouts, pending flows), by module: their writes need not be announced, and a count
    /// read from another host's database is never a stale copy.
    private let uncached = Mutex<Set<CollectionName>>([])

    struct CollectionName: Hashable {
        var module: String
        var collection: String
    }

    package init(maximumCost: Int = 16 << 20, maximumCount: Int = 50_000) {
        self.maximumCost = maximumCost
        self.maximumCount = maximumCount
    }

    static func stripe(of owner: String) -> Int { Int(UInt(bitPattern: owner.hashValue) % UInt(stripeCount)) }

    /// The generation of `owner` to pass back to ``keep(_:for:owner:cost:readAt:)`` after reading.
    func generation(of owner: String) -> UInt64 { state.withLock { $0.generations[Self.stripe(of: owner)] } }

    /// What a read found before, unless the cache is suspended or this request must read through
    /// (``ChangeFeed/readsThrough``).
    func entry(for key: Key, owner: String) -> Entry? {
        if ChangeFeed.readsThrough { return nil }
        return state.withLock { $0.isSuspended ? nil : $0.entries[owner]?[key]?.entry }
    }

    /// Keeps what a read found, unless something of its owner was written since the read began.
    func keep(_ entry: Entry, for key: Key, owner: String, cost: Int, readAt generation: UInt64) {
        state.withLock { state in
            guard !state.isSuspended, state.generations[Self.stripe(of: owner)] == generation, cost <= maximumCost / 16 else { return }
            if state.cost + cost > maximumCost || state.count >= maximumCount { state.removeAll() }
            if let old = state.entries[owner, default: [:]].updateValue((entry, cost), forKey: key) {
                state.cost -= old.cost
            } else {
                state.count += 1
            }
            state.cost += cost
        }
    }

    /// Marks collections no host caches.
    package func neverCache(module: String, collections: some Sequence<String>) {
        uncached.withLock { $0.formUnion(collections.map { CollectionName(module: module, collection: $0) }) }
    }

    /// Whether records of the collection are cached (and their writes announced).
    package func caches(module: String, collection: String) -> Bool {
        !uncached.withLock { $0.contains(CollectionName(module: module, collection: collection)) }
    }

    /// Forgets what the changes touched.
    func forget(_ changes: some Sequence<StorageChange>) {
        state.withLock { state in
            for change in changes {
                switch change {
                case .record(let module, let collection, let owner, let id):
                    state.advance(owner)
                    state.remove(Key(module: module, collection: collection, id: id), of: owner)
                    state.remove(Key(module: module, collection: collection, id: nil), of: owner)
                case .owners(let owners):
                    for owner in owners {
                        state.advance(owner)
                        state.removeAll(of: owner)
                    }
                case .everything:
                    state.advanceAll()
                    state.removeAll()
                case .session, .wake: break
                }
            }
        }
    }

    /// Forgets everything (a migration or a purge changed records in bulk).
    func forgetAll() { forget([.everything]) }

    /// Stops serving and keeping anything until ``resume()``: the change feed cannot vouch for what
    /// it misses meanwhile.
    func suspend() {
        state.withLock { state in
            state.isSuspended = true
            state.advanceAll()
            state.removeAll()
        }
    }

    /// Serves and keeps again, starting empty.
    func resume() {
        state.withLock { state in
            state.advanceAll()
            state.removeAll()
            state.isSuspended = false
        }
    }
}
