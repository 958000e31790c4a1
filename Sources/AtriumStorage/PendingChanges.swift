import Synchronization

/// What the current task's transaction changed so far, announced once it commits (and never when
/// it rolls back).
package final class PendingChanges: Sendable {
    package init() {}

    @TaskLocal package static var current: PendingChanges?

    private let kept = Mutex<[StorageChange]>([])

    package var changes: [StorageChange] { kept.withLock { $0 } }

    func append(_ change: StorageChange) { kept.withLock { $0.append(change) } }

    /// Announces `changes` now when no transaction is open, else once it commits.
    package static func announce(_ changes: [StorageChange], to feed: ChangeFeed) {
        if let current {
            for change in changes { current.append(change) }
        } else {
            feed.committed(changes)
        }
    }
}
