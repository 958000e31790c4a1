import Synchronization

/// Live sessions as last read, by token hash, so a returning visitor's request does not query
/// SQLite. True for the same reason as ``RecordCache``: every change to a session goes through this
/// process's ``SessionStore``, which forgets the session after committing, and a read that raced a
/// change (a sign-out in another tab) cannot put back what it read.
public final class SessionCache: Sendable {
    private struct State {
        var sessions: [String: SessionRecord] = [:]
        var generation: UInt64 = 0
    }

    /// Above this many sessions the cache starts over.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 20_000) { self.capacity = capacity }

    var generation: UInt64 { state.withLock { $0.generation } }

    func session(for hash: String) -> SessionRecord? { state.withLock { $0.sessions[hash] } }

    /// Keeps a session read under `generation`, unless a session changed since.
    func keep(_ record: SessionRecord, for hash: String, readAt generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.sessions.count >= capacity { state.sessions.removeAll(keepingCapacity: true) }
            state.sessions[hash] = record
        }
    }

    /// Forgets sessions after a change to them committed.
    func forget(_ hashes: [String]) {
        state.withLock { state in
            state.generation &+= 1
            for hash in hashes { state.sessions.removeValue(forKey: hash) }
        }
    }

    func forgetAll() {
        state.withLock { state in
            state.generation &+= 1
            state.sessions.removeAll()
        }
    }
}
