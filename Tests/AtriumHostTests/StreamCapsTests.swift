import AtriumListener
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import AtriumHTTP
@testable import AtriumHost
@testable import AtriumLive
@testable import AtriumPages
@testable import AtriumRuntime

/// The caps on live streams and connections: a newcomer is never refused at a cap; the oldest
/// stream of the same visitor, the same address, or the busiest address makes room, and the
/// defaults are derived so streams never take every connection.
@Suite("Stream and connection caps")
struct StreamCapsTests {
    private func open(_ live: LiveScenes, _ visitor: String, _ address: String, _ caps: StreamCaps) throws -> LiveScenes.Member {
        try live.open(visitor: visitor, address: address, sessionHash: nil, caps: caps).get()
    }

    @Test func aVisitorAtItsCapClosesItsOwnOldestStream() throws {
        let live = LiveScenes(feed: nil)
        let caps = StreamCaps(total: 100, perAddress: 100, perVisitor: 2)
        let first = try open(live, "pass-1", "10.0.0.1", caps)
        let second = try open(live, "pass-1", "10.0.0.1", caps)
        let other = try open(live, "pass-2", "10.0.0.1", caps)
        let third = try open(live, "pass-1", "10.0.0.1", caps)
        #expect(first.isEvicted && first.isClosing)
        #expect(!second.isClosing && !third.isClosing && !other.isClosing)
        #expect(live.count == 3 && live.evictions == 1)
        // The evicted stream's own close later frees nothing a second time.
        live.close(first, in: nil)
        #expect(live.count == 3)
        live.close(second, in: nil)
        #expect(live.count == 2)
    }

    @Test func passesMintedWithoutEndAreHeldByTheirAddress() throws {
        let live = LiveScenes(feed: nil)
        let caps = StreamCaps(total: 100, perAddress: 4, perVisitor: 16)
        let members = try (0..<20).map { try open(live, "pass-\($0)", "192.0.2.7", caps) }
        #expect(live.count == 4, "one address holds at most its cap, however many passes it mints")
        #expect(members.prefix(16).allSatisfy { $0.isEvicted }, "its oldest made room")
        #expect(members.suffix(4).allSatisfy { !$0.isClosing })
        let elsewhere = try open(live, "pass-x", "198.51.100.1", caps)
        #expect(!elsewhere.isClosing && live.count == 5)
    }

    @Test func atTheHostsCapTheBusiestAddressMakesRoom() throws {
        let live = LiveScenes(feed: nil)
        let caps = StreamCaps(total: 4, perAddress: 4, perVisitor: 4)
        let hog = try (0..<3).map { try open(live, "hog-\($0)", "203.0.113.9", caps) }
        let quiet = try open(live, "quiet", "198.51.100.1", caps)
        let newcomer = try open(live, "new", "192.0.2.1", caps)
        #expect(hog[0].isEvicted, "the oldest stream of the address holding the most")
        #expect(!hog[1].isClosing && !hog[2].isClosing && !quiet.isClosing && !newcomer.isClosing)
        #expect(live.count == 4)
    }

    @Test func streamsTurnedOffOrAHostShuttingDownRefuse() throws {
        let live = LiveScenes(feed: nil)
        #expect(throws: LiveScenes.Refusal.self) {
            try live.open(visitor: "v", address: "a", sessionHash: nil, caps: .init(total: 0, perAddress: 0, perVisitor: 0)).get()
        }
        live.closeAll()
        #expect(throws: LiveScenes.Refusal.self) {
            try live.open(visitor: "v", address: "a", sessionHash: nil, caps: .init(total: 9, perAddress: 9, perVisitor: 9)).get()
        }
    }

    @Test func defaultsHoldTogetherWhateverTheDescriptors() {
        for descriptors in [300, 1024, 4096, 20000, 1 << 20] {
            let limits = ConnectionLimits(settings: HTTPSettings(), descriptors: descriptors)
            #expect(limits.connections == descriptors - DescriptorLimit.reserve)
            #expect(limits.streams.total <= limits.connections / 2 && limits.streams.total <= ConnectionLimits.defaultMaxStreams)
            #expect(limits.streams.perAddress <= limits.streams.total && limits.streams.perVisitor <= limits.streams.perAddress)
            #expect(limits.streams.perAddress >= limits.streams.total / 4)
        }
        let usual = ConnectionLimits(settings: HTTPSettings(), descriptors: 1024)
        #expect(usual.connections == 768 && usual.streams == .init(total: 384, perAddress: 96, perVisitor: 16))
    }

    @Test func explicitCapsThatCannotHoldTogetherAreRefusedNamingBothKeys() {
        var settings = HTTPSettings()
        settings.maxConnections = 1000
        settings.maxStreams = 900
        let problems = settings.problems()
        #expect(problems.count == 1)
        #expect(problems.first?.key == "maxStreams")
        #expect(problems.first?.message.contains("http.maxConnections") == true)
        settings.maxStreams = 750
        #expect(settings.problems().isEmpty)
        settings.maxStreams = 5000
        settings.maxConnections = nil
        #expect(settings.problems().isEmpty, "against the descriptors, a stream cap is lowered at start, with a log line")
        let limits = ConnectionLimits(settings: settings, descriptors: 1024)
        #expect(limits.streams.total == ConnectionLimits.streamRoom(connections: 768))
        #expect(limits.lowered(from: settings).map(\.key) == ["http.maxStreams"])
    }

    @Test func atTheConnectionCapIdleConnectionsGoFirstThenTheBusiestPeersOldestStream() throws {
        func slot(_ peer: String, waiting: Int64 = 0, streaming: Int64 = 0) throws -> ConnectionRegistry.Slot {
            let channel = EmbeddedChannel()
            try channel.connect(to: SocketAddress(ipAddress: peer, port: 1000)).wait()
            let slot = ConnectionRegistry.Slot(channel: channel)
            slot.waitingSince.store(waiting, ordering: .relaxed)
            slot.streamingSince.store(streaming, ordering: .relaxed)
            return slot
        }
        let busyRequest = try slot("10.0.0.1")
        let hogOld = try slot("10.0.0.2", streaming: 100)
        let hogNew = try slot("10.0.0.2", streaming: 300)
        let lone = try slot("10.0.0.3", streaming: 50)
        let idle = try slot("10.0.0.4", waiting: 500)
        let idleOlder = try slot("10.0.0.3", waiting: 400)
        #expect(ConnectionRegistry.victim(among: [busyRequest, hogOld, hogNew, lone, idle, idleOlder]) === idleOlder)
        #expect(ConnectionRegistry.victim(among: [busyRequest, hogOld, hogNew, lone]) === hogOld, "not the oldest stream: the busiest peer's")
        #expect(ConnectionRegistry.victim(among: [busyRequest]) == nil, "a request being answered is never closed")
    }

    @Test func anOverlongLastEventIDIsIgnored() {
        func request(_ id: String) -> PageRequest {
            PageRequest(method: .get, target: "/", fields: PageFieldList([.lastEventID: id]), logger: Logger(label: "test"))
        }
        #expect(SceneEventStream.lastEventID(of: request(String(repeating: "a", count: 32))) == String(repeating: "a", count: 32))
        #expect(SceneEventStream.lastEventID(of: request(String(repeating: "a", count: 80_000))) == nil)
    }
}
