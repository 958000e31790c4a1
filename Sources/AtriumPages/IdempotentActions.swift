import AtriumActions
import AtriumStorage
import Foundation
import Logging
import Synchronization

/// Does each action sent with an ``IdempotencyKey`` once per owner and key: the first request
/// claims the key in storage (so on every host), acts, and keeps its outcome a day; a repeat is
/// answered that outcome without acting (and so without counting again towards a throttle, or
/// publishing its events again). The same key with another action is refused; a repeat that
/// arrives while the first still acts waits for it a few seconds, then is told to try again.
///
/// An outcome that says nothing was done for good (a throttle's 429, a failure or an outage) is not
/// kept: a repeat acts. A host that dies while acting leaves a claim that is given up after
/// ``lease``: a repeat then acts again, not knowing whether the first finished.
package final class IdempotentActions: Sendable {
    let store: any ActionOutcomeStore
    let now: @Sendable () -> Double
    let logger: Logger
    /// When this host last deleted expired outcomes.
    private let lastPurge = Mutex<Double>(0)

    /// How long an outcome is kept, in seconds: a day. A client must not send a key again later.
    package static let lifetime: Double = 86_400
    /// How long a claim may go unfinished before a repeat acts again, in seconds: longer than any
    /// action's answer takes.
    static let lease: Double = 120
    /// The most keys an account holds (claiming another forgets the oldest), and any other owner
    /// (a visitor, an endpoint's caller): as many as a client keeps waiting offline, no more.
    package static let (most, mostAnonymous) = (500, 100)
    static func most(for owner: String) -> Int { owner.hasPrefix("account:") ? most : mostAnonymous }
    /// How long a repeat waits for the first request to answer.
    static let patience: Duration = .seconds(5)
    /// How often a host deletes expired outcomes, in seconds.
    static let purgeInterval: Double = 3_600

    package init(store: any ActionOutcomeStore, logger: Logger, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.store = store
        self.logger = logger
        self.now = now
    }

    /// What a request with a key is answered other than by acting.
    enum Refusal {
        /// The key was used for another action.
        case mismatch
        /// The first request with the key is still acting.
        case inProgress
    }

    /// `act`'s answer, or the one kept for `key`, or `refuse`'s.
    func perform(
        key: IdempotencyKey, owner: String, fingerprint: String, act: () async throws -> PageAnswer,
        refuse: (Refusal) async throws -> PageAnswer
    ) async throws -> PageAnswer {
        purgeWhenDue()
        let start = ContinuousClock.now
        while true {
            let current = now()
            let claim = try await store.claim(
                owner: owner, key: key.text, fingerprint: fingerprint, at: current, staleBefore: current - Self.lease,
                expiredBefore: current - Self.lifetime, most: Self.most(for: owner))
            switch claim {
            case .claimed:
                let answer: PageAnswer
                do {
                    answer = try await act()
                } catch {
                    try? await store.release(owner: owner, key: key.text)
                    throw error
                }
                if Self.isFinal(answer.status) {
                    try await store.finish(
                        owner: owner, key: key.text, fingerprint: fingerprint, at: now(), outcome: StoredOutcome(answer), most: Self.most(for: owner))
                } else {
                    try await store.release(owner: owner, key: key.text)
                }
                return answer
            case .done(let outcome):
                return outcome.answer()
            case .mismatch:
                return try await refuse(.mismatch)
            case .inProgress:
                guard ContinuousClock.now - start < Self.patience else { return try await refuse(.inProgress) }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Whether an answer of `status` is what the action did for good: not a throttle's, nor a
    /// failure's or an outage's (sent again, the action may succeed).
    static func isFinal(_ status: Int) -> Bool { status != 429 && status < 500 }

    /// Deletes expired outcomes beside the request, at most once per ``purgeInterval`` on this host.
    private func purgeWhenDue() {
        let current = now()
        let due = lastPurge.withLock { last in
            guard current - last >= Self.purgeInterval else { return false }
            last = current
            return true
        }
        guard due else { return }
        let (store, logger) = (store, logger)
        Task {
            do {
                let purged = try await store.purge(before: current - Self.lifetime)
                if purged > 0 { logger.info("expired action outcomes removed", metadata: ["count": "\(purged)"]) }
            } catch {
                logger.warning("expired action outcomes could not be removed", metadata: ["error": "\(StorageErrorText.kind(of: error))"])
            }
        }
    }
}
