import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle

/// The host's HTTP server on a listening socket it was handed rather than one it binds: systemd's
/// socket activation (`LISTEN_FDS`, see ``activatedDescriptor(environment:)``), so the socket,
/// and the connections waiting in its queue, outlive any one process. Hummingbird's server binds
/// only an address or a Unix socket; this is its path on NIO's `withBoundSocket`, with the same
/// child channels (``GuardedHTTP1Channel``), the same cap on connections, and the same graceful
/// shutdown: the listener stops accepting, idle connections close, those answering close after
/// their answer.
package final class InheritedSocketServer: Service, Sendable {
    let descriptor: CInt
    let channels: GuardedHTTP1Channel
    let connections: ConnectionRegistry.Delegate
    let onRunning: @Sendable () -> Void
    let logger: Logger

    package init(
        descriptor: CInt, channels: GuardedHTTP1Channel, connections: ConnectionRegistry.Delegate, logger: Logger,
        onRunning: @escaping @Sendable () -> Void
    ) {
        self.descriptor = descriptor
        self.channels = channels
        self.connections = connections
        self.logger = logger
        self.onRunning = onRunning
    }

    /// The first socket systemd passed this process (`LISTEN_FDS` of at least 1 and `LISTEN_PID`
    /// naming it: descriptor 3), else nil. Read once: the variables are then removed, so a process
    /// this one starts does not take them for its own.
    package static func activatedDescriptor(environment: [String: String] = ProcessInfo.processInfo.environment) -> CInt? {
        guard let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1,
            environment["LISTEN_PID"].flatMap(Int32.init) == getpid()
        else { return nil }
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDNAMES")
        return 3
    }

    package func run() async throws {
        let group = MultiThreadedEventLoopGroup.singleton
        let quiescing = ServerQuiescingHelper(group: group)
        let (channels, connections, logger) = (self.channels, self.connections, self.logger)
        let server = try await ServerBootstrap(group: group)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AvailableConnectionsChannelHandler(delegate: connections))
                    try channel.pipeline.syncOperations.addHandler(quiescing.makeServerChannelHandler(channel: channel))
                }
            }
            .childChannelInitializer { channel in
                // Each connection handled as Hummingbird's server handles it, in a task of its own.
                channels.setup(channel: channel, logger: logger).map { value in
                    Task { await channels.handle(value: value, logger: logger) }
                    return ()
                }
            }
            .withBoundSocket(descriptor).get()
        logger.notice(
            "listening on the socket this process was handed (LISTEN_FDS)", metadata: ["address": "\(server.localAddress.map { "\($0)" } ?? "?")"])
        onRunning()
        // Completed once every connection has closed after a graceful shutdown, or at once when
        // cancelled (a second completion is ignored).
        let stopped = server.eventLoop.makePromise(of: Void.self)
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                try? await stopped.futureResult.get()
            } onGracefulShutdown: {
                quiescing.initiateShutdown(promise: stopped)
            }
        } onCancel: {
            server.close(promise: nil)
            stopped.succeed()
        }
    }
}
