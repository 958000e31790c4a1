import Synchronization

/// A lock held across suspension points, for one task at a time, in the order they asked.
package final class AsyncLock: Sendable {
    private let state = Mutex<(isLocked: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    package init() {}

    /// Runs `body` holding the lock.
    package func run<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.isLocked else {
                    state.isLocked = true
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.isLocked = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
