import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// Every open connection of the host's server, for its cap (`http.maxConnections`). The server
/// stops accepting while the cap is reached (Hummingbird's available-connections hook; new
/// connections wait in the kernel's queue), and makes room at once by closing the connection that
/// has waited longest for its next request: an idle keep-alive connection, or one still sending
/// its head. When every connection is busy, the oldest live stream of the peer holding the most is
/// closed instead (its client resumes with `Last-Event-ID`): streams are capped below the
/// connections (``ConnectionLimits``), but pages must find a connection whatever else is open. A
/// request being read or answered, and any other response being written, is never closed to make
/// room. Reaching the cap is logged, at most once a minute.
package final class ConnectionRegistry: Sendable {
    /// One connection: its channel, its peer, since when it has waited for a request (0 while a
    /// request is being read or answered), and since when it has written a live stream (0 when not).
    package final class Slot: Sendable {
        let channel: any Channel
        let peer: String?
        package let waitingSince = Atomic<Int64>(0)
        package let streamingSince = Atomic<Int64>(0)

        package init(channel: any Channel) {
            self.channel = channel
            self.peer = channel.remoteAddress?.ipAddress
        }
    }

    let limit: Int
    let timeouts: ConnectionTimeouts
    private let logger: Logger
    private let state = Mutex<(slots: [ObjectIdentifier: Slot], lastWarning: NIODeadline?)>(([:], nil))
    /// Connections accepted and not yet closed (counted when accepted, before their pipeline exists).
    private let accepted = Atomic<Int>(0)

    package init(limit: Int, timeouts: ConnectionTimeouts, logger: Logger) {
        self.limit = limit
        self.timeouts = timeouts
        self.logger = logger
    }

    var openConnections: Int { accepted.load(ordering: .relaxed) }

    func register(_ slot: Slot) {
        state.withLock { $0.slots[ObjectIdentifier(slot)] = slot }
    }

    func unregister(_ slot: Slot) {
        _ = state.withLock { $0.slots.removeValue(forKey: ObjectIdentifier(slot)) }
    }

    fileprivate func connectionOpened() { accepted.add(1, ordering: .relaxed) }
    fileprivate func connectionClosed() { accepted.subtract(1, ordering: .relaxed) }

    /// Whether another connection may be accepted now; when not, the connection waiting longest for
    /// a request is closed to make room (accepting resumes once it has closed).
    fileprivate func isAccepting() -> Bool {
        guard accepted.load(ordering: .relaxed) >= limit else { return true }
        let now = NIODeadline.now()
        let (victim, warn) = state.withLock { state -> (Slot?, Bool) in
            let victim = Self.victim(among: state.slots.values)
            let warn = state.lastWarning.map { now - $0 > .seconds(60) } ?? true
            if warn { state.lastWarning = now }
            if let victim { state.slots.removeValue(forKey: ObjectIdentifier(victim)) }
            return (victim, warn)
        }
        if warn {
            logger.warning(
                "open connections reached http.maxConnections: closing those waiting longest for a request to make room",
                metadata: ["limit": "\(limit)"])
        }
        victim?.channel.close(promise: nil)
        return false
    }

    /// The connection to close to make room: the one waiting longest for a request, else the oldest
    /// stream of the peer with the most streams; nil when every connection is reading or answering
    /// a request.
    package static func victim(among slots: some Collection<Slot>) -> Slot? {
        var oldestWaiting: (slot: Slot, since: Int64)?
        var streams: [String: (count: Int, oldest: Slot, since: Int64)] = [:]
        for slot in slots {
            let since = slot.waitingSince.load(ordering: .relaxed)
            if since != 0 {
                if oldestWaiting.map({ since < $0.since }) ?? true { oldestWaiting = (slot, since) }
                continue
            }
            let streaming = slot.streamingSince.load(ordering: .relaxed)
            guard streaming != 0 else { continue }
            let peer = slot.peer ?? ""
            if let known = streams[peer] {
                streams[peer] = (known.count + 1, streaming < known.since ? slot : known.oldest, min(streaming, known.since))
            } else {
                streams[peer] = (1, slot, streaming)
            }
        }
        if let oldestWaiting { return oldestWaiting.slot }
        return streams.values.max { ($0.count, -$0.since) < ($1.count, -$1.since) }?.oldest
    }

    /// Hummingbird's hook on the listening socket, deciding whether to accept.
    package var delegate: Delegate { Delegate(registry: self) }

    package struct Delegate: AvailableConnectionsDelegate {
        let registry: ConnectionRegistry
        package func connectionOpened() { registry.connectionOpened() }
        package func connectionClosed() { registry.connectionClosed() }
        package func isAcceptingNewConnections() -> Bool { registry.isAccepting() }
    }
}
