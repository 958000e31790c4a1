import Foundation
import Synchronization

/// A value loaded from a remote source (a feed, a recipe service, a provider's keys) and kept while
/// it is fresh, for every visitor at once.
///
/// - One load at a time: callers that come while one is under way wait for it and share its
///   answer (a single flight), so ten visitors opening a page together cause one download.
/// - Never more often than `minimumInterval`, whatever the source says of its freshness: within it
///   the last value is given again, even past its freshness, and a failed load's error is given
///   again too, so a source that is down is not asked by every visitor.
/// - A load runs on its own: a caller that gives up does not cancel it for the others.
///
/// ```swift
/// let book = SharedLoad<RecipeBook>(clock: services.clock)
/// let current = try await book.value { (try await fetchBook(), services.clock.now.addingTimeInterval(300)) }
/// ```
public final class SharedLoad<Value: Sendable>: Sendable {
    private struct Kept {
        var value: Value
        var freshUntil: Date
    }

    private struct State {
        var kept: Kept?
        var failure: (any Error)?
        var loading: (task: Task<Kept, any Error>, generation: UInt64)?
        var lastStarted: Date?
        /// Moves on at each ``invalidate()``: a load begun before it is nobody's answer after it.
        var generation: UInt64 = 0
    }

    /// What a caller does next: take an answer, rethrow a recent failure, or wait for a load.
    private enum Next {
        case answer(Value)
        case failure(any Error)
        case wait(Task<Kept, any Error>, UInt64)
    }

    private let state = Mutex(State())
    private let minimumInterval: TimeInterval
    private let clock: any WallClock

    /// A load never repeated more often than `minimumInterval`, timed by `clock`.
    public init(minimumInterval: Duration = .seconds(5), clock: any WallClock) {
        self.minimumInterval = minimumInterval / .seconds(1)
        self.clock = clock
    }

    /// The kept value while it is fresh; else the answer of one load shared by everyone asking
    /// (`load` returns the value and until when it is fresh); within the minimum interval of the
    /// last load, that load's value or error.
    public func value(_ load: @escaping @Sendable () async throws -> (value: Value, freshUntil: Date)) async throws -> Value {
        let now = clock.now
        let next = state.withLock { state -> Next in
            if let kept = state.kept, kept.freshUntil > now { return .answer(kept.value) }
            if let loading = state.loading, loading.generation == state.generation { return .wait(loading.task, loading.generation) }
            if let last = state.lastStarted, now.timeIntervalSince(last) < minimumInterval, last <= now {
                if let kept = state.kept { return .answer(kept.value) }
                if let failure = state.failure { return .failure(failure) }
            }
            let task = Task {
                let (value, freshUntil) = try await load()
                return Kept(value: value, freshUntil: freshUntil)
            }
            state.loading = (task, state.generation)
            state.lastStarted = now
            return .wait(task, state.generation)
        }
        switch next {
        case .answer(let value): return value
        case .failure(let error): throw error
        case .wait(let task, let generation):
            let result = await task.result
            state.withLock { state in
                guard state.loading?.generation == generation, state.generation == generation else { return }
                state.loading = nil
                switch result {
                case .success(let kept):
                    state.kept = kept
                    state.failure = nil
                case .failure(let error):
                    state.kept = nil
                    state.failure = error
                }
            }
            return try result.get().value
        }
    }

    /// Forgets the kept value because this host changed what it was loaded from: the next call
    /// loads at once, and a load under way is nobody's answer.
    public func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.kept = nil
            state.failure = nil
            state.loading = nil
            state.lastStarted = nil
        }
    }

    /// Treats the kept value as no longer fresh (a provider's keys may have changed): the next call
    /// loads, unless the last load began within the minimum interval.
    public func expire() {
        let now = clock.now
        state.withLock { state in
            if let kept = state.kept, kept.freshUntil > now { state.kept?.freshUntil = now }
        }
    }
}
