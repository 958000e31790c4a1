import AtriumListener
import Synchronization
import Testing

@testable import AtriumLive

/// A host's way out (``HostDrain``): serving, draining, stopping, each once and in that order; what
/// waits for the drain runs once; a draining host opens no new live streams and lets those open go
/// on until it stops, when each is told to come back elsewhere. (The signals, readiness and
/// timings through the real binary are in Tests/Tooling/test_drain.py.)
@Suite("Draining a host")
struct HostDrainTests {
    @Test func phasesGoForwardOnceAndWhatWaitsForTheDrainRunsOnce() {
        let drain = HostDrain()
        let runs = Counter()
        drain.whenDraining { runs.add() }
        #expect(drain.phase == .serving && !drain.isLeaving && runs.value == 0)
        #expect(drain.begin())
        #expect(drain.phase == .draining && drain.isLeaving && runs.value == 1)
        #expect(!drain.begin(), "a second signal finds the host already leaving")
        drain.whenDraining { runs.add() }
        #expect(runs.value == 2, "asked once draining has begun, it runs at once")
        drain.stop()
        #expect(drain.phase == .stopping && runs.value == 2)
        #expect(!drain.begin() && drain.phase == .stopping, "never back to draining")
    }

    @Test func stoppingWithoutDrainingStillRunsWhatWaitsForTheDrain() {
        let drain = HostDrain()
        let runs = Counter()
        drain.whenDraining { runs.add() }
        drain.stop()
        #expect(drain.phase == .stopping && runs.value == 1)
    }

    @Test func aDrainingHostOpensNoStreamKeepsThoseOpenAndEndsThemAsLeaving() throws {
        let live = LiveScenes(feed: nil)
        let caps = StreamCaps(total: 9, perAddress: 9, perVisitor: 9)
        let open = try live.open(visitor: "v", address: "a", sessionHash: nil, caps: caps).get()
        live.refuseNew()
        #expect(throws: LiveScenes.Refusal.self) { try live.open(visitor: "w", address: "b", sessionHash: nil, caps: caps).get() }
        #expect(!open.isClosing && live.count == 1, "a stream already open goes on while the host drains")
        live.closeAll()
        #expect(open.isClosing && open.isLeaving && !open.isEvicted)
    }

    @Test func leavingStreamsAreToldToComeBackAtSpreadMoments() {
        let frame = OpenSceneStream.leaving(retryMilliseconds: 1234)
        #expect(frame.hasPrefix(":") && frame.contains("\nretry: 1234\n") && frame.hasSuffix("\n\n"))
        let retries = Set((0..<50).map { _ in Int.random(in: OpenSceneStream.leavingRetry) })
        #expect(retries.count > 10 && retries.allSatisfy { (500...5000).contains($0) })
    }

    @Test func drainAndRequestTimeoutsAreChecked() {
        var settings = HTTPSettings()
        #expect(settings.drainSeconds == 0 && settings.requestTimeoutSeconds == 30, "the defaults fit swift run")
        settings.drainSeconds = -1
        settings.requestTimeoutSeconds = 0
        #expect(Set(settings.problems().map(\.key)) == ["drainSeconds", "requestTimeoutSeconds"])
    }

    private final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
}
