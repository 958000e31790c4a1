import Synchronization

/// What the scene of the current request has read, filled in by the record stores while
/// ``current`` is set (the host sets it around a scene's load or action).
package final class RecordReadLog: Sendable {
    @TaskLocal static var current: RecordReadLog?

    private let reads = Mutex<Set<RecordRead>>([])
    private let visitorRead = Atomic<Bool>(false)
    private let untracked = Atomic<Bool>(false)

    package init() {}

    /// Everything read so far.
    package var all: Set<RecordRead> { reads.withLock { $0 } }

    /// Whether the scene asked who the visitor is (their session): what it shows may be theirs alone.
    package var readsVisitor: Bool { visitorRead.load(ordering: .relaxed) }

    /// Whether the scene did something its reads do not show: wrote, or called a remote service.
    /// What it shows then cannot be known unchanged from the change feed alone.
    package var isUntracked: Bool { untracked.load(ordering: .relaxed) }

    /// Notes, in the current task's log, that the scene wrote (the record stores note it).
    package static func noteWrite() {
        current?.untracked.store(true, ordering: .relaxed)
    }

    /// Notes, in the current task's log, that the scene called a remote service.
    package static func noteRemoteCall() {
        current?.untracked.store(true, ordering: .relaxed)
    }

    /// Notes, in the current task's log, that the scene read the visitor's session.
    package static func noteVisitor() {
        current?.visitorRead.store(true, ordering: .relaxed)
    }

    /// Notes a read in the current task's log, if it has one.
    package static func note(module: String, collection: String, owner: String, id: String?) {
        guard let log = current else { return }
        _ = log.reads.withLock { $0.insert(RecordRead(module: module, collection: collection, owner: owner, id: id)) }
    }

    /// Runs `body` noting what it reads in this log.
    package func recording<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        try await Self.$current.withValue(self) { try await body() }
    }
}
