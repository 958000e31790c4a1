import AtriumObservability
import Synchronization
import Tracing

/// What the current task's transaction changed so far, announced once it commits (and never when
/// it rolls back).
package final class PendingChanges: Sendable {
    package init() {}

    @TaskLocal package static var current: PendingChanges?

    private let kept = Mutex<(changes: [StorageChange], trace: String?)>(([], nil))

    package var changes: [StorageChange] { kept.withLock { $0.changes } }

    /// The span that made the first change, as W3C `traceparent`, while tracing is on: what the
    /// changes wake (a live page's render, on any host) links to it.
    package var trace: String? { kept.withLock { $0.trace } }

    package func append(_ change: StorageChange) {
        let isFirst = kept.withLock { kept in
            kept.changes.append(change)
            return kept.changes.count == 1
        }
        // Asked once per transaction, not once per change.
        guard isFirst, let trace = HostTracing.currentTraceparent() else { return }
        kept.withLock { $0.trace = trace }
    }

    /// Tells `feed` of the changes, inside the span that made them.
    package func committed(to feed: ChangeFeed) {
        let (changes, trace) = kept.withLock { ($0.changes, $0.trace) }
        guard let trace, ServiceContext.current == nil else { return feed.committed(changes) }
        HostTracing.within(traceparent: trace) { feed.committed(changes) }
    }

    /// Announces `changes` now when no transaction is open, else once it commits.
    package static func announce(_ changes: [StorageChange], to feed: ChangeFeed) {
        if let current {
            for change in changes { current.append(change) }
        } else {
            feed.committed(changes)
        }
    }
}
