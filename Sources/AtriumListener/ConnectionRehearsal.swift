import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix

/// One connection's pipeline, built while the host boots over a socket pair nobody writes to, then
/// closed. Adding a handler casts it to NIO's inbound and outbound handler protocols, and the first
/// cast of each type scans every conformance record of this binary (some ten thousand): about two
/// milliseconds of CPU for the handlers of a connection, which the first visitor's connection
/// spent on the event loop that accepted it. Rehearsed on the core the boot leaves idle while the
/// configuration is read, the runtime's caches already hold the answers when the server accepts.
package enum ConnectionRehearsal {
    /// Builds and closes one guarded HTTP/1.1 connection: true when it was; a failure only leaves
    /// the caches cold.
    @discardableResult
    package static func run() async -> Bool {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return false }
        defer { close(ends[1]) }
        var logger = Logger(label: "atrium.rehearsal")
        logger.logLevel = .critical
        let quiet = logger
        let registry = ConnectionRegistry(
            limit: 1, timeouts: ConnectionTimeouts(head: .seconds(1), body: .seconds(1), idle: .seconds(1)), logger: quiet)
        let setup = GuardedHTTP1Channel(responder: { _, _, _ in }, registry: registry)
        do {
            let connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .withConnectedSocket(ends[0]) { channel in setup.setup(channel: channel, logger: quiet) }
            try await connection.executeThenClose { _, _ in }
            return true
        } catch {
            // Nothing to report: the first visitor's connection pays for the casts instead.
            return false
        }
    }
}
