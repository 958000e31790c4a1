import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The host's HTTP server on a listening socket whose descriptor the host holds: one it makes at
/// its address (``ListeningSocket``), one systemd passed it (socket activation, `LISTEN_FDS`: see
/// ``activatedDescriptor(environment:)``), or one a host that is handing over passed it
/// (``HandOverPoint``). Held, the descriptor can be handed on, and the socket, with the connections
/// waiting in its queue, outlives any one process. Hummingbird's server binds only an address or a
/// Unix socket and keeps its socket to itself; this is its path on NIO's bootstrap with the same
/// child channels (``GuardedHTTP1Channel``), the same options and cap on connections, and the same
/// graceful shutdown: the listener stops accepting (its descriptor closes; a copy in another
/// process keeps the socket open), idle connections close, those answering close after their answer.
package final class SocketServer: Service, Sendable {
    /// Where the socket comes from.
    package enum Socket: Sendable {
        /// Made here, listening at this address.
        case address(host: String, port: Int)
        /// Handed to this process, listening already, by whom `handedBy` names.
        case descriptor(CInt, handedBy: String)
    }

    let socket: Socket
    let channels: GuardedHTTP1Channel
    let connections: ConnectionRegistry.Delegate
    let onRunning: @Sendable () -> Void
    let logger: Logger
    /// The listening descriptor, once there is one.
    private let listening = Mutex<CInt?>(nil)
    /// Finished when the server may accept (``open()``); nil when it accepts as soon as it runs.
    private let gate: AsyncStream<Void>.Continuation?
    private let opened: AsyncStream<Void>?
    /// Finished once the listener has stopped accepting.
    private let accepting = AsyncStream<Void>.makeStream()

    /// With `acceptsWhenOpened`, nothing is accepted until ``open()``: a process that takes over
    /// another's socket accepts only once it is ready.
    package init(
        socket: Socket, acceptsWhenOpened: Bool = false, channels: GuardedHTTP1Channel, connections: ConnectionRegistry.Delegate,
        logger: Logger, onRunning: @escaping @Sendable () -> Void
    ) {
        self.socket = socket
        self.channels = channels
        self.connections = connections
        self.logger = logger
        self.onRunning = onRunning
        if acceptsWhenOpened {
            let (opened, gate) = AsyncStream<Void>.makeStream()
            (self.opened, self.gate) = (opened, gate)
        } else {
            (self.opened, self.gate) = (nil, nil)
        }
        if case .descriptor(let descriptor, _) = socket { listening.withLock { $0 = descriptor } }
    }

    /// The listening socket's descriptor, once the server has one.
    package var descriptor: CInt? { listening.withLock { $0 } }

    /// Lets the server accept (see `acceptsWhenOpened`).
    package func open() { gate?.finish() }

    /// Returns once the listener has stopped accepting, or never started.
    package func stoppedAccepting() async {
        for await _ in accepting.stream {}
    }

    /// The first socket systemd passed this process (`LISTEN_FDS` of at least 1 and `LISTEN_PID`
    /// naming it: descriptor 3), else nil. Read once: the variables are then removed, so a process
    /// this one starts does not take them for its own. `environment` stands in for the process's
    /// (tests); the process's two variables are read alone (its whole environment as a dictionary
    /// was about a millisecond of a start).
    package static func activatedDescriptor(environment: [String: String]? = nil) -> CInt? {
        func variable(_ name: String) -> String? {
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        guard let count = variable("LISTEN_FDS").flatMap(Int.init), count >= 1,
            variable("LISTEN_PID").flatMap(Int32.init) == getpid()
        else { return nil }
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDNAMES")
        return 3
    }

    /// Connections accepted whose set-up has not finished.
    private let settingUp = Atomic<Int>(0)

    /// Stops accepting, then — once every connection accepted has been set up — runs `close`.
    /// Closing the listener at once would close those still being set up unanswered (NIO's
    /// bootstrap does, to a listener that is no longer active), and a client that has sent its
    /// request on one is reset. The connections still in the socket's queue stay there, for a
    /// process that holds the socket too.
    private func stopAccepting(_ server: any Channel, then close: @escaping @Sendable () -> Void) {
        server.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in
            self.accepting.continuation.finish()
            self.closeWhenSetUp(server, quietTicks: 0, ticksLeft: 200, then: close)
        }
    }

    /// Runs `close` once no connection has been setting up for two ticks of a millisecond (a set-up
    /// that has just ended is handed to the listener's pipeline on its next turn), or after
    /// `ticksLeft` ticks.
    private func closeWhenSetUp(_ server: any Channel, quietTicks: Int, ticksLeft: Int, then close: @escaping @Sendable () -> Void) {
        let quiet = settingUp.load(ordering: .relaxed) == 0 ? quietTicks + 1 : 0
        guard quiet < 2, ticksLeft > 0 else { return close() }
        server.eventLoop.scheduleTask(in: .milliseconds(1)) {
            self.closeWhenSetUp(server, quietTicks: quiet, ticksLeft: ticksLeft - 1, then: close)
        }
    }

    package func run() async throws {
        defer { accepting.continuation.finish() }
        if let opened {
            // Stopped before it opened (the host did not boot): nothing was accepted.
            await withGracefulShutdownHandler {
                for await _ in opened {}
            } onGracefulShutdown: { [gate] in
                gate?.finish()
            }
            guard !Task.isShuttingDownGracefully, !Task.isCancelled else { return }
        }
        let descriptor: CInt
        switch socket {
        case .descriptor(let handed, _): descriptor = handed
        case .address(let host, let port):
            descriptor = try ListeningSocket.make(host: host, port: port)
            listening.withLock { $0 = descriptor }
        }
        let quiescing = ServerQuiescingHelper(group: MultiThreadedEventLoopGroup.singleton)
        let (channels, connections, logger) = (self.channels, self.connections, self.logger)
        // Not NIO's async server channel: a connection accepted as the listener closes would be set
        // up after its stream of connections ended, dropped unhandled, and stop the process
        // (NIOAsyncWriter's precondition). Each connection is handed to its task as soon as it is
        // set up; the quiescing helper says when the last has closed.
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AvailableConnectionsChannelHandler(delegate: connections))
                    try channel.pipeline.syncOperations.addHandler(quiescing.makeServerChannelHandler(channel: channel))
                }
            }
            .childChannelInitializer { channel in
                self.settingUp.add(1, ordering: .relaxed)
                return channels.setup(channel: channel, logger: logger).map { value in
                    Task { await channels.handle(value: value, logger: logger) }
                    return ()
                }.always { _ in self.settingUp.subtract(1, ordering: .relaxed) }
            }
            .withBoundSocket(descriptor).get()
        server.closeFuture.whenComplete { _ in
            self.listening.withLock { $0 = nil }
            self.accepting.continuation.finish()
        }
        if case .descriptor(_, let handedBy) = socket {
            let address = server.localAddress.map { "\($0)" } ?? "?"
            logger.notice("listening on the socket this process was handed by \(handedBy)", metadata: ["address": "\(address)"])
        }
        onRunning()
        // Completed once every connection has closed after a graceful shutdown, or at once when
        // cancelled (a second completion is ignored).
        let stopped = server.eventLoop.makePromise(of: Void.self)
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                try? await stopped.futureResult.get()
            } onGracefulShutdown: {
                self.stopAccepting(server) { quiescing.initiateShutdown(promise: stopped) }
            }
        } onCancel: {
            server.close(promise: nil)
            stopped.succeed()
        }
    }
}
