import Synchronization

/// Wakes one waiting task, or the next one to wait: a signal given while nobody waits is kept (once)
/// until someone does.
package final class WakeSignal: Sendable {
    package init() {}

    private struct State {
        var isPending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    package func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.isPending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at the next signal (at once when one is pending), or after `timeout`, or when the
    /// task is cancelled: true for a signal.
    @discardableResult
    package func wait(upTo timeout: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.next()
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let signalled = await group.next() ?? false
            group.cancelAll()
            return signalled
        }
    }

    /// Returns at the next signal (at once when one is pending), or when the task is cancelled:
    /// one continuation, no timer (a timeout, where one is wanted, comes from whoever waits).
    package func wait() async { await next() }

    private func next() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    // A cancelled wait (the timeout came first) leaves the signal for the next.
                    if Task.isCancelled { return true }
                    if state.isPending {
                        state.isPending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
