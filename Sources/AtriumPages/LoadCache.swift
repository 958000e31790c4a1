import AtriumRuntime
import AtriumStorage
import Synchronization

/// The screens pages answered lately, each with what its scene's load read, so a page asked for
/// again while nothing it read has changed is answered without building or loading its scene: the
/// screen (and, through the ``RenderCache``, its rendered bytes and tag) is the one the load made.
///
/// An answer is kept only when the host can tell what it depends on: the records and collections
/// its load read through storage (the change feed names every committed change to them, this
/// host's and on PostgreSQL every other host's), its address, and when it asked who is visiting,
/// the session (then it is kept for that session alone, and given again only while the session is
/// the same person's). A load that called a remote service, read a collection whose writes are not
/// announced (throttles, pending flows), wrote anything, or set the session's cookie is not kept.
/// What storage does not show (a module's own memory, the clock) is why an answer is also kept for
/// at most ``maximumAge``; and an action or endpoint post of a module forgets its module's answers
/// at once, so a visitor never sees a page from before their own change on this host.
///
/// While the feed cannot vouch for what it missed, or a request must read its own writes through
/// (``ChangeFeed/readsThrough``), nothing is answered from here or kept.
package final class LoadCache: Sendable {
    struct Key: Hashable, Sendable {
        /// The route's place in the registry (answers are kept per serving generation).
        var route: Int
        /// The path asked for, with its query.
        var path: String
        /// The session's cookie, for an answer that asked who is visiting.
        var token: String?
    }

    /// A kept answer and what it depends on. A class: a page answered from here takes it out of the
    /// lock with one reference, not a copy of its sets and strings.
    final class Answer: Sendable {
        let screen: DeferredScreen
        let module: String
        let reads: Set<RecordRead>
        let owners: Set<String>
        /// Whether the load asked for the session; then whose it was (visitor and signed-in user).
        let readsVisitor: Bool
        let visitorID: String?
        let userID: String?
        let keptAt: ContinuousClock.Instant
        /// Its module's count of posts when it was kept (``forget(module:)``).
        let modulePosts: UInt64

        init(screen: DeferredScreen, module: String, reads: Set<RecordRead>, readsVisitor: Bool, session: SessionRecord?, modulePosts: UInt64) {
            (self.screen, self.module, self.reads, owners) = (screen, module, reads, Set(reads.map(\.owner)))
            (self.readsVisitor, visitorID, userID) = (readsVisitor, session?.visitorID, session?.userID)
            (keptAt, self.modulePosts) = (.now, modulePosts)
        }

        /// Whether `session` (read when the answer asked for it) is still the one it was made for.
        func isFor(_ session: SessionRecord?) -> Bool {
            guard readsVisitor else { return true }
            guard let session else { return false }
            return session.visitorID == visitorID && session.userID == userID
        }
    }

    private struct Entry {
        var answer: Answer
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
        /// Moves on with every batch of changes: a load that saw it move is not kept.
        var generation: UInt64 = 0
        /// Posts to each module since the start: an answer kept before its module's latest is not given.
        var modulePosts: [String: UInt64] = [:]
    }

    /// How long an answer is given without loading its scene again, whatever storage says.
    let maximumAge: Duration
    let capacity: Int
    private let feed: ChangeFeed
    private let state = Mutex(State())
    private let subscription = Mutex<Int?>(nil)

    package init(feed: ChangeFeed, capacity: Int = 4096, maximumAge: Duration = .seconds(1)) {
        self.feed = feed
        self.capacity = capacity
        self.maximumAge = maximumAge
        let subscription = feed.subscribe { [weak self] changes in self?.changed(changes) }
        self.subscription.withLock { $0 = subscription }
    }

    deinit {
        if let subscription = subscription.withLock({ $0 }) { feed.unsubscribe(subscription) }
    }

    /// Where a load of one of `module`'s pages begins: what has changed by then (storage's changes,
    /// the module's posts). Pass it back to ``keep(_:for:path:token:module:log:session:cookieChanged:since:)``.
    struct Start: Sendable {
        let generation: UInt64
        let modulePosts: UInt64
    }

    func start(module: String) -> Start {
        state.withLock { Start(generation: $0.generation, modulePosts: $0.modulePosts[module, default: 0]) }
    }

    /// The answer kept for `route` at `path`, shared or for the session of `token`, while it is young
    /// enough; nil when the page must be loaded.
    func answer(route: Int, path: String, token: String?, now: ContinuousClock.Instant) -> Answer? {
        if ChangeFeed.readsThrough { return nil }
        return state.withLock { state in
            state.clock += 1
            var key = Key(route: route, path: path, token: nil)
            var index = state.entries.index(forKey: key)
            if index == nil, token != nil {
                key.token = token
                index = state.entries.index(forKey: key)
            }
            guard let index else { return nil }
            let answer = state.entries.values[index].answer
            guard answer.keptAt.duration(to: now) < maximumAge, answer.modulePosts == state.modulePosts[answer.module, default: 0] else {
                state.entries.remove(at: index)
                return nil
            }
            state.entries.values[index].lastUse = state.clock
            return answer
        }
    }

    /// Keeps the screen a page's load made, if the load can be repeated by looking up the screen
    /// (see the type's description) and nothing changed while it ran: no change storage announced,
    /// no post of its module (`start` is ``start(module:)`` from before the load).
    func keep(
        _ screen: DeferredScreen, for route: Int, path: String, token: String?, module: String, log: RecordReadLog, session: SessionRecord?,
        cookieChanged: Bool, since start: Start
    ) {
        guard screen.key != nil, path.utf8.count <= Self.longestPath, !log.isUntracked, !cookieChanged, !ChangeFeed.readsThrough, feed.isVouched
        else { return }
        let reads = log.all
        let records = feed.records
        guard reads.allSatisfy({ records.caches(module: $0.module, collection: $0.collection) }) else { return }
        let readsVisitor = log.readsVisitor
        // A page for whoever has no session yet is kept only when it asked nobody.
        if readsVisitor && (token == nil || session == nil) { return }
        let answer = Answer(
            screen: screen, module: module, reads: reads, readsVisitor: readsVisitor, session: session, modulePosts: start.modulePosts)
        let key = Key(route: route, path: path, token: readsVisitor ? token : nil)
        state.withLock { state in
            guard state.generation == start.generation, state.modulePosts[module, default: 0] == start.modulePosts else { return }
            state.clock += 1
            state.entries[key] = Entry(answer: answer, lastUse: state.clock)
            if state.entries.count > capacity { Self.evict(&state, capacity: capacity) }
        }
    }

    /// Forgets every answer of `module`, and what its loads in flight would keep (one of its
    /// actions or endpoints was posted and done: it may have changed what storage does not show).
    /// Other modules' answers and loads are untouched. A count, not a scan: a stream of posts costs
    /// each one a lock and an increment; the answers it outdates go when next asked for or evicted.
    func forget(module: String) {
        state.withLock { state in state.modulePosts[module, default: 0] &+= 1 }
    }

    /// Whether a post answered `status` may have changed what its module's pages show: anything but
    /// a refusal (4xx: invalid input, a stale token, a throttle, a conflict), which changed nothing.
    static func mayHaveChanged(_ status: Int) -> Bool { !(400..<500).contains(status) }

    /// Longer addresses (a query made up to be unique) are answered but not kept.
    static let longestPath = 1024

    var count: Int { state.withLock { $0.entries.count } }

    private func changed(_ changes: [StorageChange]) {
        let relevant = changes.filter {
            switch $0 {
            case .session, .wake: false
            case .record, .owners, .everything: true
            }
        }
        guard !relevant.isEmpty else { return }
        state.withLock { state in
            state.generation &+= 1
            guard !state.entries.isEmpty else { return }
            if relevant.contains(.everything) {
                state.entries.removeAll()
                return
            }
            state.entries = state.entries.filter { _, entry in
                !relevant.contains(where: { $0.touches(entry.answer.reads, owners: entry.answer.owners) })
            }
        }
    }

    /// Drops the least recently used quarter.
    private static func evict(_ state: inout State, capacity: Int) {
        let oldestFirst = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, _) in oldestFirst.prefix(max(state.entries.count - capacity * 3 / 4, 1)) { state.entries[key] = nil }
    }
}
