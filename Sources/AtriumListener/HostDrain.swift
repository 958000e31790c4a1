import Synchronization

/// How a host leaves (SIGTERM, SIGINT) without anyone noticing. It goes through three phases:
///
/// - **serving**;
/// - **draining**, for `http.drainSeconds`: `/health/ready` answers 503 ("draining"), so a
///   balancer that polls it stops sending; new live streams are refused with a 503 that says to
///   try again (elsewhere); every other request is still answered;
/// - **stopping**: the listener closes, each answer still being written says `Connection: close`
///   and closes its connection, idle connections close, each live stream ends with a `retry:` (spread
///   over a few seconds) and its client resumes on another host with `Last-Event-ID`; the host
///   waits for the requests in flight at most `http.requestTimeoutSeconds`.
///
/// The parts of the host that act on a phase ask it (``phase``) or are told when draining begins
/// (``whenDraining(_:)``).
package final class HostDrain: Sendable {
    package enum Phase: Int, Sendable {
        case serving, draining, stopping
    }

    private let current = Atomic<Int>(Phase.serving.rawValue)
    private let actions = Mutex<(began: Bool, waiting: [@Sendable () -> Void])>((false, []))

    package init() {}

    package var phase: Phase { Phase(rawValue: current.load(ordering: .relaxed)) ?? .serving }

    /// Whether the host is on its way out (draining or stopping).
    package var isLeaving: Bool { current.load(ordering: .relaxed) != Phase.serving.rawValue }

    /// Runs `action` when draining begins (at once when it has).
    package func whenDraining(_ action: @escaping @Sendable () -> Void) {
        let now = actions.withLock { state in
            if state.began { return true }
            state.waiting.append(action)
            return false
        }
        if now { action() }
    }

    /// Begins draining; false when the host was already leaving.
    @discardableResult
    package func begin() -> Bool {
        guard current.compareExchange(expected: Phase.serving.rawValue, desired: Phase.draining.rawValue, ordering: .relaxed).exchanged
        else { return false }
        let waiting = actions.withLock { state in
            state.began = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for action in waiting { action() }
        return true
    }

    /// The drain is over: the host stops accepting and closes what it can.
    package func stop() {
        begin()
        current.store(Phase.stopping.rawValue, ordering: .relaxed)
    }
}
