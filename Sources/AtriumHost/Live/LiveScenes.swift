import Synchronization

/// Every scene stream this host serves (``SceneEventStream``), woken by the change feed when
/// something a stream's last render read has changed (a record it read, a collection it listed, the
/// owners a sign-in moved, its session), or when the feed cannot vouch for anything. Holds the
/// per-host and per-visitor counts its caps are checked against.
final class LiveScenes: Sendable {
    /// One open stream: what its last render read, and how to wake it.
    final class Stream: Sendable {
        let visitor: String
        /// The hash of the session token it was opened with, if any.
        let sessionHash: String?
        let wake = WakeSignal()
        private let state = Mutex<(reads: Set<RecordRead>, owners: Set<String>, isClosing: Bool)>(([], [], false))

        init(visitor: String, sessionHash: String?) {
            self.visitor = visitor
            self.sessionHash = sessionHash
        }

        /// What the stream's latest render read.
        func read(_ reads: Set<RecordRead>) {
            let owners = Set(reads.map(\.owner))
            state.withLock {
                $0.reads = reads
                $0.owners = owners
            }
        }

        var isClosing: Bool { state.withLock { $0.isClosing } }

        func close() {
            state.withLock { $0.isClosing = true }
            wake.signal()
        }

        /// Whether `change` may change what the stream shows.
        func isTouched(by change: StorageChange) -> Bool {
            switch change {
            case .record(let module, let collection, let owner, let id):
                return state.withLock {
                    $0.reads.contains(RecordRead(module: module, collection: collection, owner: owner, id: id))
                        || $0.reads.contains(RecordRead(module: module, collection: collection, owner: owner, id: nil))
                }
            case .owners(let owners): return state.withLock { state in owners.contains { state.owners.contains($0) } }
            case .session(let hash): return hash == sessionHash
            case .everything: return true
            case .events: return false
            }
        }
    }

    /// Why a stream was not opened.
    enum Refusal: Error {
        /// The host serves `http.maxStreams` already.
        case hostFull
        /// The visitor has `http.maxStreamsPerVisitor` open already.
        case visitorFull
    }

    private struct State {
        var streams: [ObjectIdentifier: Stream] = [:]
        var perVisitor: [String: Int] = [:]
        var isClosing = false
    }

    private let state = Mutex(State())

    /// How many streams are open.
    var count: Int { state.withLock { $0.streams.count } }

    /// Opens a stream for `visitor` unless a cap is reached (or the host is shutting down).
    func open(visitor: String, sessionHash: String?, maxStreams: Int, maxPerVisitor: Int) -> Result<Stream, Refusal> {
        state.withLock { state in
            guard !state.isClosing, state.streams.count < maxStreams else { return .failure(.hostFull) }
            guard state.perVisitor[visitor, default: 0] < maxPerVisitor else { return .failure(.visitorFull) }
            let stream = Stream(visitor: visitor, sessionHash: sessionHash)
            state.streams[ObjectIdentifier(stream)] = stream
            state.perVisitor[stream.visitor, default: 0] += 1
            return .success(stream)
        }
    }

    func close(_ stream: Stream) {
        state.withLock { state in
            guard state.streams.removeValue(forKey: ObjectIdentifier(stream)) != nil else { return }
            let left = state.perVisitor[stream.visitor, default: 1] - 1
            state.perVisitor[stream.visitor] = left > 0 ? left : nil
        }
    }

    /// Wakes the streams the changes touch.
    func changed(_ changes: [StorageChange]) {
        guard !changes.isEmpty else { return }
        let streams = state.withLock { Array($0.streams.values) }
        for stream in streams where changes.contains(where: stream.isTouched) { stream.wake.signal() }
    }

    /// Ends every stream (the host is shutting down) and opens no more.
    func closeAll() {
        let streams = state.withLock { state in
            state.isClosing = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.close() }
    }
}
