import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// Every open connection of the host's server, for its cap (`http.maxConnections`). The server
/// stops accepting while the cap is reached (Hummingbird's available-connections hook; new
/// connections wait in the kernel's queue), and makes room at once by closing the connection that
/// has waited longest for its next request: an idle keep-alive connection, or one still sending
/// its head. A request in progress, and a response being written (a stream of hours included), is
/// never closed to make room. Reaching the cap is logged, at most once a minute.
final class ConnectionRegistry: Sendable {
    /// One connection: its channel, and since when it has waited for a request (0 while a request
    /// is being read or answered).
    final class Slot: Sendable {
        let channel: any Channel
        let waitingSince = Atomic<Int64>(0)

        init(channel: any Channel) { self.channel = channel }
    }

    let limit: Int
    let timeouts: ConnectionTimeouts
    private let logger: Logger
    private let state = Mutex<(slots: [ObjectIdentifier: Slot], lastWarning: NIODeadline?)>(([:], nil))
    /// Connections accepted and not yet closed (counted when accepted, before their pipeline exists).
    private let accepted = Atomic<Int>(0)

    init(limit: Int, timeouts: ConnectionTimeouts, logger: Logger) {
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
            var oldest: (slot: Slot, since: Int64)?
            for slot in state.slots.values {
                let since = slot.waitingSince.load(ordering: .relaxed)
                if since != 0, oldest.map({ since < $0.since }) ?? true { oldest = (slot, since) }
            }
            let warn = state.lastWarning.map { now - $0 > .seconds(60) } ?? true
            if warn { state.lastWarning = now }
            if let oldest { state.slots.removeValue(forKey: ObjectIdentifier(oldest.slot)) }
            return (oldest?.slot, warn)
        }
        if warn {
            logger.warning(
                "open connections reached http.maxConnections: closing those waiting longest for a request to make room",
                metadata: ["limit": "\(limit)"])
        }
        victim?.channel.close(promise: nil)
        return false
    }

    /// Hummingbird's hook on the listening socket, deciding whether to accept.
    var delegate: Delegate { Delegate(registry: self) }

    struct Delegate: AvailableConnectionsDelegate {
        let registry: ConnectionRegistry
        func connectionOpened() { registry.connectionOpened() }
        func connectionClosed() { registry.connectionClosed() }
        func isAcceptingNewConnections() -> Bool { registry.isAccepting() }
    }
}
