import AtriumListener
import AtriumObservability
import AtriumRuntime
import AtriumStorage
import AtriumSupport
import Synchronization
import Tracing

/// Every scene stream this host serves (``SceneEventStream``), in groups that share their renders:
/// the streams of one page whose render does not depend on who watches (it never asked for the
/// session) form one group, as do the streams of one session on one page. When the change feed says
/// something a group's last render read changed (a record, a collection, the owners a sign-in moved)
/// or the feed cannot vouch, the group renders once and every stream of it writes the new state
/// with its own form token: work per change grows with the states watched, not with the streams.
/// A stream whose session changed only checks its session. Holds the counts the caps use.
package final class LiveScenes: Sendable {
    /// One open stream's own part: its visitor, its session, and how to wake it.
    package final class Member: Sendable {
        let visitor: String
        /// The client's address (after trusted proxies), or its IPv6 network.
        let address: String
        /// The hash of the session token it was opened with, if any.
        let sessionHash: String?
        let wake = WakeSignal()
        private let state = Mutex<
            (isClosing: Bool, isEvicted: Bool, isLeaving: Bool, isSessionChanged: Bool, isTickDue: Bool, nextTick: ContinuousClock.Instant)
        >((false, false, false, false, false, .now + LiveScenes.keepAlive))

        init(visitor: String, address: String, sessionHash: String?) {
            self.visitor = visitor
            self.address = address
            self.sessionHash = sessionHash
        }

        /// Wakes the stream for its keep-alive when its time has come.
        fileprivate func tick(at now: ContinuousClock.Instant) {
            let due = state.withLock { state -> Bool in
                guard now >= state.nextTick else { return false }
                state.isTickDue = true
                state.nextTick = now + LiveScenes.keepAlive
                return true
            }
            if due { wake.signal() }
        }

        /// Whether the keep-alive is due (since the last call).
        func takeTick() -> Bool {
            state.withLock { state in
                defer { state.isTickDue = false }
                return state.isTickDue
            }
        }

        var isClosing: Bool { state.withLock { $0.isClosing } }

        /// Whether it was closed to make room for a newer stream (its client comes back later).
        var isEvicted: Bool { state.withLock { $0.isEvicted } }

        func close() {
            state.withLock { $0.isClosing = true }
            wake.signal()
        }

        /// Whether it was closed because the host is stopping (its client resumes on another).
        var isLeaving: Bool { state.withLock { $0.isLeaving } }

        fileprivate func leave() {
            state.withLock {
                $0.isClosing = true
                $0.isLeaving = true
            }
            wake.signal()
        }

        fileprivate func evict() {
            state.withLock {
                $0.isClosing = true
                $0.isEvicted = true
            }
            wake.signal()
        }

        func sessionChanged() {
            state.withLock { $0.isSessionChanged = true }
            wake.signal()
        }

        /// Whether the session changed since the last call.
        func takeSessionChange() -> Bool {
            state.withLock { state in
                defer { state.isSessionChanged = false }
                return state.isSessionChanged
            }
        }
    }

    /// The streams of one page state: its latest render, made again when what it read changes.
    package final class Group: Sendable {
        let key: String
        private let render: @Sendable () async -> LiveState?
        private let counters: Counters
        private struct State {
            var latest: LiveState
            var reads: Set<RecordRead> = []
            var owners: Set<String> = []
            var renderedAt = ContinuousClock.now
            var members: [ObjectIdentifier: Member] = [:]
            var isRendering = false
            var isDirty = false
            /// The writes (their spans, as W3C `traceparent`) that asked for the next render, while
            /// tracing is on: its span links to them. At most ``maximumCauses``.
            var causes: [String] = []
        }
        private let state: Mutex<State>
        static let maximumCauses = 8

        init(key: String, first: LiveState, counters: Counters, render: @escaping @Sendable () async -> LiveState?) {
            self.key = key
            self.render = render
            self.counters = counters
            var initial = State(latest: first)
            if case .state(_, _, let reads, _) = first {
                initial.reads = reads
                initial.owners = Set(reads.map(\.owner))
            }
            state = Mutex(initial)
        }

        var latest: LiveState { state.withLock { $0.latest } }

        fileprivate func add(_ member: Member) { state.withLock { $0.members[ObjectIdentifier(member)] = member } }

        /// Removes `member`; true when the group has none left.
        fileprivate func remove(_ member: Member) -> Bool {
            state.withLock { state in
                state.members.removeValue(forKey: ObjectIdentifier(member))
                return state.members.isEmpty
            }
        }

        /// Whether `change` may change what the group shows.
        func isTouched(by change: StorageChange) -> Bool {
            switch change {
            case .everything: true
            case .session, .wake: false
            case .record, .owners: state.withLock { change.touches($0.reads, owners: $0.owners) }
            }
        }

        /// Renders again when its latest render is as old as its state asks (``LiveState/refresh``).
        fileprivate func refreshIfDue(at now: ContinuousClock.Instant) {
            guard state.withLock({ $0.renderedAt.duration(to: now) >= $0.latest.refresh }) else { return }
            invalidate()
        }

        /// Renders again, once however many changes arrive meanwhile (one render runs at a time;
        /// changes during it make one more), then wakes the members if the state changed.
        func invalidate(cause: String? = nil) {
            let starts = state.withLock { state in
                if let cause, state.causes.count < Self.maximumCauses, !state.causes.contains(cause) { state.causes.append(cause) }
                if state.isRendering {
                    state.isDirty = true
                    return false
                }
                state.isRendering = true
                return true
            }
            guard starts else { return }
            Task { await renderUntilClean() }
        }

        private func renderUntilClean() async {
            while true {
                let (causes, watchers) = state.withLock { state in
                    defer { state.causes = [] }
                    return (state.causes, state.members.count)
                }
                // While tracing: a span linked to the writes that caused it, saying whether the
                // state changed (and so went to every watcher).
                let rendered = await HostTracing.withSpan("live render", linkedTo: causes) { span in
                    let rendered = await render()
                    span?.attributes["atrium.watchers"] = watchers
                    span?.attributes["atrium.pushed"] = rendered.map { $0.id == nil || $0.id != latest.id } ?? false
                    return rendered
                }
                counters.rendered()
                let (members, again) = state.withLock { state -> ([Member], Bool) in
                    var changed = false
                    if let rendered {
                        changed = rendered.id == nil || rendered.id != state.latest.id
                        state.latest = rendered
                        if case .state(_, _, let reads, _) = rendered {
                            state.reads = reads
                            state.owners = Set(reads.map(\.owner))
                        }
                    }
                    state.renderedAt = .now
                    let again = state.isDirty
                    state.isDirty = false
                    if !again { state.isRendering = false }
                    return (changed ? Array(state.members.values) : [], again)
                }
                for member in members { member.wake.signal() }
                if !again { return }
            }
        }
    }

    /// Why a stream was not opened: streams are off, or the host is draining or stopping.
    package struct Refusal: Error {}

    private struct State {
        var members: [ObjectIdentifier: Member] = [:]
        /// Each visitor's and each address's open streams, oldest first.
        var byVisitor: [String: [Member]] = [:]
        var byAddress: [String: [Member]] = [:]
        var groups: [String: Group] = [:]
        var isClosing = false
        var evictions = 0

        /// Forgets `member`'s places; false when it held none (already closed or evicted).
        mutating func remove(_ member: Member) -> Bool {
            guard members.removeValue(forKey: ObjectIdentifier(member)) != nil else { return false }
            func drop(_ key: String, from index: inout [String: [Member]]) {
                guard var list = index[key] else { return }
                list.removeAll { $0 === member }
                index[key] = list.isEmpty ? nil : list
            }
            drop(member.visitor, from: &byVisitor)
            drop(member.address, from: &byAddress)
            return true
        }
    }

    private let state = Mutex(State())
    package let counters = Counters()
    /// How often an idle stream writes a comment (and re-checks its session and the clock).
    static let keepAlive = Duration.seconds(15)
    /// One task for every stream's keep-alive, started with the first stream: a stream waiting for a
    /// change holds one continuation and no timer of its own.
    private let ticker = Mutex<Task<Void, Never>?>(nil)
    /// The modules switched off in the configuration served now: their streams end.
    private let modulesOff = Mutex<Set<String>>([])

    /// The change feed it follows, and its subscription there.
    private let feed: ChangeFeed?
    private let subscription = Mutex<Int?>(nil)

    /// Streams woken by what `feed` announces (this host's writes, and every other host's).
    package init(feed: ChangeFeed?) {
        self.feed = feed
        guard let feed else { return }
        let subscription = feed.subscribe { [weak self] changes in self?.changed(changes) }
        self.subscription.withLock { $0 = subscription }
    }

    deinit {
        ticker.withLock { $0?.cancel() }
        if let feed, let subscription = subscription.withLock({ $0 }) { feed.unsubscribe(subscription) }
    }

    private func startTicker() {
        ticker.withLock { ticker in
            guard ticker == nil else { return }
            ticker = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    guard let self else { return }
                    let now = ContinuousClock.now
                    let (members, groups) = self.state.withLock { (Array($0.members.values), Array($0.groups.values)) }
                    for group in groups { group.refreshIfDue(at: now) }
                    for member in members { member.tick(at: now) }
                }
            }
        }
    }

    /// How many streams are open, and how many groups they form.
    package var count: Int { state.withLock { $0.members.count } }
    package var groupCount: Int { state.withLock { $0.groups.count } }

    /// Opens a stream for `visitor` from `address`. At a cap the newcomer is never refused: the
    /// oldest stream of the same visitor (at the visitor's cap), of the same address (at the
    /// address's cap), or of the address holding the most (at the host's cap) is closed to make
    /// room; its client comes back later with `Last-Event-ID`, so a client that opens streams
    /// without end only ever closes its own. Refused only when streams are off or the host is
    /// shutting down.
    func open(visitor: String, address: String, sessionHash: String?, caps: StreamCaps) -> Result<Member, Refusal> {
        startTicker()
        let (opened, evicted) = state.withLock { state -> (Member?, [Member]) in
            guard !state.isClosing, caps.total > 0, caps.perAddress > 0, caps.perVisitor > 0 else { return (nil, []) }
            var evicted: [Member] = []
            func evictOldest(of list: [Member]?) -> Bool {
                guard let oldest = list?.first, state.remove(oldest) else { return false }
                evicted.append(oldest)
                return true
            }
            while state.byVisitor[visitor, default: []].count >= caps.perVisitor, evictOldest(of: state.byVisitor[visitor]) {}
            while state.byAddress[address, default: []].count >= caps.perAddress, evictOldest(of: state.byAddress[address]) {}
            while state.members.count >= caps.total, evictOldest(of: state.byAddress.max(by: { $0.value.count < $1.value.count })?.value) {}
            let member = Member(visitor: visitor, address: address, sessionHash: sessionHash)
            state.members[ObjectIdentifier(member)] = member
            state.byVisitor[visitor, default: []].append(member)
            state.byAddress[address, default: []].append(member)
            state.evictions += evicted.count
            return (member, evicted)
        }
        for member in evicted { member.evict() }
        return opened.map { .success($0) } ?? .failure(Refusal())
    }

    /// How many streams were closed to make room for newer ones since the host started.
    package var evictions: Int { state.withLock { $0.evictions } }

    /// The group of the first of `keys` that has one whose latest render is a state, if any: a new
    /// watcher of a page already watched joins it without rendering the page again (its group
    /// renders whenever what it read changes, so its latest state is the page as it is now).
    func current(among keys: [String]) -> Group? {
        let groups = state.withLock { state in keys.compactMap { state.groups[$0] } }
        return groups.first { $0.latest.id != nil }
    }

    /// Puts `member` in the group of `key`, made with `first` (this stream's own first render) when
    /// there is none; `render` renders the group's page again.
    func join(_ member: Member, key: String, first: LiveState, render: @escaping @Sendable () async -> LiveState?) -> Group {
        let group = state.withLock { state in
            if let group = state.groups[key] { return group }
            let group = Group(key: key, first: first, counters: counters, render: render)
            state.groups[key] = group
            return group
        }
        group.add(member)
        return group
    }

    /// Frees `member`'s places (once, however often it is called) and leaves its group.
    func close(_ member: Member, in group: Group?) {
        state.withLock { state in
            _ = state.remove(member)
            if let group, group.remove(member), state.groups[group.key] === group { state.groups.removeValue(forKey: group.key) }
        }
    }

    /// Renders again the groups the changes touch; tells streams whose session changed.
    func changed(_ changes: [StorageChange]) {
        guard !changes.isEmpty, !changes.allSatisfy({ if case .wake = $0 { true } else { false } }) else { return }
        let (groups, members) = state.withLock { (Array($0.groups.values), Array($0.members.values)) }
        // The write that made these changes, when it was traced here (a change heard from another
        // host comes without one); asked only once a group is touched.
        var cause: String??
        for group in groups where changes.contains(where: group.isTouched) {
            if cause == nil { cause = .some(HostTracing.currentTraceparent()) }
            group.invalidate(cause: cause ?? nil)
        }
        for change in changes {
            switch change {
            case .session(let hash):
                for member in members where member.sessionHash == hash { member.sessionChanged() }
            case .everything:
                for member in members { member.sessionChanged() }
            default: break
            }
        }
    }

    /// The configuration served now has `modules` off: each stream open on one of their pages ends,
    /// sent to the home page (every stream looks again at once).
    package func switchOff(_ modules: Set<String>) {
        let members = modulesOff.withLock { off in
            off = modules
            return modules.isEmpty ? [] : state.withLock { Array($0.members.values) }
        }
        for member in members { member.sessionChanged() }
    }

    /// Whether `module` is switched off in the configuration served now.
    package func isOff(_ module: String) -> Bool { modulesOff.withLock { $0.contains(module) } }

    /// Opens no more streams (the host is draining); those open go on.
    package func refuseNew() {
        state.withLock { $0.isClosing = true }
    }

    /// Ends every stream (the host is stopping), each telling its client to come back (to another
    /// host) after a while of its own, and opens no more.
    func closeAll() {
        let members = state.withLock { state in
            state.isClosing = true
            return Array(state.members.values)
        }
        for member in members { member.leave() }
        ticker.withLock { $0?.cancel() }
    }
}
