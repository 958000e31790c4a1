import AtriumObservability
import AtriumSDK
import AtriumSupport
import Synchronization

/// How a host learns that data changed: every committed write through the host's storage (this
/// host's, and on PostgreSQL every other host's) arrives here once, after commit, as
/// ``StorageChange``s; the feed makes the record and session caches forget what changed, tells the
/// modules that watch a collection (``ModuleRegistrar/watchChanges(in:_:)``), and hands every
/// change to its subscribers (``subscribe(_:)``), the layers built on storage, of which it knows
/// nothing else. A rolled-back transaction announces nothing.
///
/// On SQLite the feed is this process. On PostgreSQL every write's transaction also sends a
/// `NOTIFY` (``PostgresChangeListener``) carrying its *position*: a counter every announcing
/// transaction advances in the same transaction, so positions follow commit order without gaps,
/// and PostgreSQL delivers notifications in commit order. ``seen`` is then "every change up to
/// here has arrived", which is what read-your-writes across hosts needs (``ReadYourWritesMiddleware``).
/// While the listening connection is down the feed cannot vouch for anything: the caches are
/// suspended (every read goes to the database) until it is back and they start empty.
package final class ChangeFeed: Sendable {
    package let records: RecordCache
    package let sessions: SessionCache
    /// Whether other hosts write the same database (PostgreSQL).
    package let isShared: Bool
    /// This host's feed among the hosts' (on its notifications, so it skips its own changes, which
    /// it applied as they committed; and as its listening connection's `application_name`).
    package let origin: String = {
        var generator = SystemRandomNumberGenerator()
        return HexDigits.string(of: (0..<9).map { _ in UInt8.random(in: .min ... .max, using: &generator) }, count: 9)
    }()

    private struct Watcher {
        var module: String
        var collection: String
        var handler: @Sendable (RecordChange) -> Void
    }

    private struct State {
        var watchers: [Int: Watcher] = [:]
        var nextWatcher = 0
        var subscribers: [Int: @Sendable ([StorageChange]) -> Void] = [:]
        /// Whether every change since the caches started is known to have arrived.
        var isVouched: Bool
        var downSince: ContinuousClock.Instant?
        var doubts = 0
    }

    private let state: Mutex<State>
    /// The position of the latest change that arrived (every earlier one arrived too).
    private let seenPosition = Atomic<Int64>(0)

    /// Another process writing the same file meanwhile, watched (an SQLite host's hand-over).
    private let otherProcess = Mutex<OtherProcessWatch?>(nil)
    private let hasOtherProcess = Atomic<Bool>(false)

    /// A request whose visitor wrote further than this host has seen reads through every cache
    /// (``ReadYourWritesMiddleware``).
    @TaskLocal package static var readsThrough = false

    package init(records: RecordCache, sessions: SessionCache, isShared: Bool) {
        self.records = records
        self.sessions = sessions
        self.isShared = isShared
        // A shared feed vouches only once its listener listens.
        state = Mutex(State(isVouched: !isShared))
        if isShared {
            records.suspend()
            sessions.suspend()
        }
    }

    /// How far changes are known to have arrived.
    package var seen: Int64 { seenPosition.load(ordering: .acquiring) }

    /// Whether the caches are served (the feed vouches for them).
    package var isVouched: Bool { state.withLock { $0.isVouched } }

    /// Changes that committed, made the caches forget them and reached the watchers; `position`
    /// when they came with one (from PostgreSQL).
    package func committed(_ changes: [StorageChange], position: Int64? = nil) {
        guard !changes.isEmpty || position != nil else { return }
        records.forget(changes)
        sessions.forget(changes)
        if let position { seenPosition.max(position) }
        deliver(changes)
    }

    /// Whether another process writes the same file now (an SQLite host handing over).
    package var othersWrite: Bool { hasOtherProcess.load(ordering: .relaxed) }

    /// Before a request: what another process writing the same file committed is forgotten, so
    /// the request reads it (see ``OtherProcessWatch``). One load of a flag when no other writes.
    package func catchUp() {
        guard hasOtherProcess.load(ordering: .relaxed) else { return }
        otherProcess.withLock { $0 }?.look()
    }

    /// Watches another process from now on with `watch`, or (nil) no longer; returns the watch
    /// replaced.
    @discardableResult
    func watchOtherProcess(_ watch: OtherProcessWatch?) -> OtherProcessWatch? {
        defer { hasOtherProcess.store(watch != nil, ordering: .relaxed) }
        return otherProcess.withLock { current in
            defer { current = watch }
            return current
        }
    }

    /// How many times the feed stopped vouching (for tests and logs).
    var doubts: Int { state.withLock { $0.doubts } }

    /// Nothing can be vouched for (the listener is down): the caches stop until ``vouch(from:)``.
    package func doubt() {
        let wasVouched = state.withLock { state in
            defer {
                if state.isVouched { state.doubts += 1 }
                state.isVouched = false
                if state.downSince == nil { state.downSince = .now }
            }
            return state.isVouched
        }
        records.suspend()
        sessions.suspend()
        if wasVouched { deliver([.everything]) }
    }

    /// The listener listens again, and every change up to `position` has committed: the caches
    /// start empty and are served again.
    package func vouch(from position: Int64) {
        seenPosition.max(position)
        records.resume()
        sessions.resume()
        state.withLock {
            $0.isVouched = true
            $0.downSince = nil
        }
        deliver([.everything])
    }

    /// Since when the feed has not vouched for the caches, if it does not.
    var doubtingSince: ContinuousClock.Instant? { state.withLock { $0.isVouched ? nil : $0.downSince } }

    /// Calls `handler` with every batch of changes from now on (one committed transaction's, or
    /// ``StorageChange/everything`` when the feed starts or stops vouching), on the thread that
    /// committed it or heard of it: keep it short. Returns a number for ``unsubscribe(_:)``.
    @discardableResult
    package func subscribe(_ handler: @escaping @Sendable ([StorageChange]) -> Void) -> Int {
        state.withLock { state in
            state.nextWatcher += 1
            state.subscribers[state.nextWatcher] = handler
            return state.nextWatcher
        }
    }

    package func unsubscribe(_ subscription: Int) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: subscription) }
    }

    /// Calls `handler` with every change to the module's collection from now on; returns a
    /// number for ``stopWatching(_:)``.
    @discardableResult
    package func watch(module: String, collection: String, _ handler: @escaping @Sendable (RecordChange) -> Void) -> Int {
        state.withLock { state in
            state.nextWatcher += 1
            state.watchers[state.nextWatcher] = Watcher(module: module, collection: collection, handler: handler)
            return state.nextWatcher
        }
    }

    package func stopWatching(_ watchers: some Sequence<Int>) {
        state.withLock { state in
            for watcher in watchers { state.watchers.removeValue(forKey: watcher) }
        }
    }

    private func deliver(_ changes: [StorageChange]) {
        let (subscribers, watchers) = state.withLock { (Array($0.subscribers.values), Array($0.watchers.values)) }
        for subscriber in subscribers { subscriber(changes) }
        guard !watchers.isEmpty else { return }
        for change in changes {
            switch change {
            case .record(let module, let collection, _, let id):
                for watcher in watchers where watcher.module == module && watcher.collection == collection {
                    watcher.handler(RecordChange(collection: collection, id: id))
                }
            case .owners, .everything:
                for watcher in watchers { watcher.handler(RecordChange(collection: watcher.collection, id: nil)) }
            case .session, .wake: break
            }
        }
    }
}

extension Atomic where Value == Int64 {
    /// Raises the value to `candidate` unless it is already larger.
    func max(_ candidate: Int64) {
        var current = load(ordering: .relaxed)
        while candidate > current {
            let (exchanged, original) = compareExchange(expected: current, desired: candidate, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }
}
