import Synchronization

/// Gives up on storage operations that outlive their deadline: one timer for every operation of a
/// storage (it looks four times a second), so a quick query pays for a lock, not for a timer.
package final class StorageWatchdog: Sendable {
    /// One operation being watched: whichever comes first, its end or its deadline, resumes its
    /// caller.
    package final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var work: Task<Void, Never>?
        }

        private let state: Mutex<State>
        private let id: UInt64
        private let watchdog: StorageWatchdog

        fileprivate init(_ continuation: CheckedContinuation<Value, any Error>, id: UInt64, watchdog: StorageWatchdog) {
            state = Mutex(State(continuation: continuation))
            self.id = id
            self.watchdog = watchdog
        }

        /// Keeps the work's task, to cancel when the deadline passes first.
        package func start(_ work: Task<Void, Never>) {
            let expired = state.withLock { state in
                guard state.continuation != nil else { return true }
                state.work = work
                return false
            }
            if expired { work.cancel() }
        }

        /// Resumes the caller unless it was resumed already.
        package func finish(_ result: Result<Value, any Error>) {
            let continuation = state.withLock { state in
                state.work = nil
                return state.continuation.take()
            }
            guard let continuation else { return }
            watchdog.forget(id)
            continuation.resume(with: result)
        }

        fileprivate func expire(_ error: any Error) {
            let (continuation, work) = state.withLock { state in (state.continuation.take(), state.work.take()) }
            work?.cancel()
            continuation?.resume(throwing: error)
        }
    }

    private struct Watched {
        var deadline: ContinuousClock.Instant
        var expire: @Sendable () -> Void
    }

    private let watched = Mutex<(next: UInt64, operations: [UInt64: Watched])>((0, [:]))
    private let timer = Mutex<Task<Void, Never>?>(nil)
    /// How long one operation may wait for the server unless it says otherwise (`storage.timeout`).
    package let deadline: Duration
    /// Whether the server answers; an operation while it does not fails at once.
    package let health: StorageHealth

    package init(deadline: Duration, health: StorageHealth) {
        self.deadline = deadline
        self.health = health
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                self?.expireOverdue()
            }
        }
        timer.withLock { $0 = task }
    }

    deinit { timer.withLock { $0?.cancel() } }

    package func stop() { timer.withLock { $0?.cancel() } }

    package func watch<Value: Sendable>(
        _ continuation: CheckedContinuation<Value, any Error>,
        for deadline: Duration,
        error: @escaping @Sendable () -> any Error
    ) -> Race<Value> {
        let due = ContinuousClock.now.advanced(by: deadline)
        return watched.withLock { watched in
            let id = watched.next
            watched.next &+= 1
            let race = Race(continuation, id: id, watchdog: self)
            watched.operations[id] = Watched(deadline: due, expire: { race.expire(error()) })
            return race
        }
    }

    fileprivate func forget(_ id: UInt64) {
        _ = watched.withLock { $0.operations.removeValue(forKey: id) }
    }

    private func expireOverdue() {
        let now = ContinuousClock.now
        let overdue = watched.withLock { watched -> [Watched] in
            let due = watched.operations.filter { $0.value.deadline <= now }
            for id in due.keys { watched.operations.removeValue(forKey: id) }
            return Array(due.values)
        }
        for operation in overdue { operation.expire() }
    }
}
