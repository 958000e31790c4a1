import Synchronization

/// Live sessions as last read, by token hash, so a returning visitor's request does not query the
/// database. True for the same reason as ``RecordCache``: every committed change to a session (a
/// sign-out in another tab, a revocation on another host) reaches the change feed, which makes the
/// cache forget it; a read that raced a change cannot put back what it read; and while the feed
/// cannot vouch for what it misses, the cache is suspended.
package final class SessionCache: Sendable {
    private struct State {
        var sessions: [String: SessionRecord] = [:]
        var generation: UInt64 = 0
        var isSuspended = false
    }

    /// Above this many sessions the cache starts over.
    let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 20_000) { self.capacity = capacity }

    package var generation: UInt64 { state.withLock { $0.generation } }

    package func session(for hash: String) -> SessionRecord? {
        if ChangeFeed.readsThrough { return nil }
        return state.withLock { $0.isSuspended ? nil : $0.sessions[hash] }
    }

    /// Keeps a session read under `generation`, unless a session changed since.
    package func keep(_ record: SessionRecord, for hash: String, readAt generation: UInt64) {
        state.withLock { state in
            guard !state.isSuspended, state.generation == generation else { return }
            if state.sessions.count >= capacity { state.sessions.removeAll(keepingCapacity: true) }
            state.sessions[hash] = record
        }
    }

    /// Forgets what the changes touched: sessions by hash; every session for ``StorageChange/everything``.
    func forget(_ changes: some Sequence<StorageChange>) {
        state.withLock { state in
            for change in changes {
                switch change {
                case .session(let hash):
                    state.generation &+= 1
                    state.sessions.removeValue(forKey: hash)
                case .everything:
                    state.generation &+= 1
                    state.sessions.removeAll()
                case .record, .owners, .wake: break
                }
            }
        }
    }

    func forgetAll() { forget([.everything]) }

    /// Stops serving and keeping sessions until ``resume()``.
    func suspend() {
        state.withLock { state in
            state.isSuspended = true
            state.generation &+= 1
            state.sessions.removeAll()
        }
    }

    /// Serves and keeps again, starting empty.
    func resume() {
        state.withLock { state in
            state.generation &+= 1
            state.sessions.removeAll()
            state.isSuspended = false
        }
    }
}
