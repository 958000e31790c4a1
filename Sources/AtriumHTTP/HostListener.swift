import AtriumConfiguration
import AtriumListener
import AtriumObservability
import AtriumSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// The host's HTTP server, under swift-service-lifecycle. `atrium serve` starts it as soon as the
/// host's own settings are read, so the port is bound while the modules register and the storage
/// opens (binding is about a sixth of a boot); requests that come in the meantime wait for the
/// first configuration (see ``ReloadableResponder``). SIGTERM and SIGINT drain the host
/// (``HostDrain``): for `http.drainSeconds` it answers everything but readiness and new live streams,
/// then the services added once the host has booted stop (the live streams end with a `retry:`),
/// and the server stops accepting and finishes its requests, waiting at most
/// `http.requestTimeoutSeconds` for them. A second SIGTERM or SIGINT stops it at once. Every connection is held to the timeouts and the cap of ``HTTPSettings`` (see
/// ``ConnectionGuard`` and ``ConnectionRegistry``).
package final class HostListener: Sendable {
    package let responder = ReloadableResponder()
    let settings: HTTPSettings
    private let logger: Logger
    /// The open connections and their cap.
    let connections: ConnectionRegistry
    /// Where the host stands on its way out.
    package let drain = HostDrain()
    private let group: ServiceGroup
    private let server: SocketServer
    private let running: Task<Void, any Error>
    private let signals: Task<Void, Never>

    /// Starts listening at `settings`' address. Hummingbird's own lines ("Server started and
    /// listening") are left out below notice: the host says it is serving once it has booted.
    ///
    /// With `handedSocket` (a host taking over another's socket), the server accepts nothing until
    /// the host has booted (``begin(_:)``): until then the other host goes on accepting.
    package init(settings: HTTPSettings, logger: Logger, handedSocket: CInt? = nil) {
        self.settings = settings
        self.logger = logger
        var serverLogger = logger
        serverLogger.logLevel = max(logger.logLevel, .notice)
        let limits = ConnectionLimits(settings: settings, descriptors: DescriptorLimit.raised())
        for (key, asked, used) in limits.lowered(from: settings) {
            logger.warning(
                "\(key) is more than this process may open: lowered",
                metadata: ["configured": "\(asked)", "used": "\(used)", "descriptors": "\(DescriptorLimit.current())"])
        }
        let registry = ConnectionRegistry(
            limit: limits.connections,
            timeouts: ConnectionTimeouts(
                head: .seconds(Int64(settings.headTimeoutSeconds)), body: .seconds(Int64(settings.bodyTimeoutSeconds)),
                idle: .seconds(Int64(settings.idleTimeoutSeconds)), request: .seconds(Int64(settings.requestTimeoutSeconds))),
            logger: logger)
        self.connections = registry
        // Hummingbird's HTTP server run directly rather than through its `Application`, whose `run()`
        // starts a service group of its own that names each service by reflecting all of it (a
        // millisecond of every start, in the runtime's conformance scans) and gives each request a
        // logger of its own carrying an id of its own, which the host's lines leave out for theirs.
        let channels = GuardedHTTP1Channel(responder: Self.answering(with: responder, drain: drain, logger: logger), registry: registry)
        // The listening socket: handed over by a host this one takes over from, or by systemd
        // (socket activation), else made at the configured address.
        let socket: SocketServer.Socket =
            if let handedSocket {
                .descriptor(handedSocket, handedBy: "the host it takes over from")
            } else if let activated = SocketServer.activatedDescriptor() {
                .descriptor(activated, handedBy: "systemd (LISTEN_FDS)")
            } else {
                .address(host: settings.host, port: settings.port)
            }
        let server = SocketServer(
            socket: socket, acceptsWhenOpened: handedSocket != nil, channels: channels, connections: registry.delegate, logger: serverLogger,
            onRunning: { BootTrace.mark("bound") })
        self.server = server
        // The signals are the listener's own (``watch(_:group:running:settings:logger:)``), not the
        // group's: a group shuts down at the first, and ignores a second.
        var configuration = ServiceGroupConfiguration(services: [.init(service: server, serviceName: "http server")], logger: logger)
        // Past the request timeout, with a second for the connections' own checks: each request still
        // waiting then has had its 503 (``ConnectionGuard``), and what is left is cancelled.
        configuration.maximumGracefulShutdownDuration = .seconds(settings.requestTimeoutSeconds + 1)
        let group = ServiceGroup(configuration: configuration)
        self.group = group
        let running = Task { try await group.run() }
        self.running = running
        signals = Task { [drain] in await Self.watch(drain, group: group, running: running, settings: settings, logger: logger) }
    }

    /// SIGTERM or SIGINT: drains for `http.drainSeconds`, then shuts the group down gracefully;
    /// another of them meanwhile cancels everything at once.
    private static func watch(
        _ drain: HostDrain, group: ServiceGroup, running: Task<Void, any Error>, settings: HTTPSettings, logger: Logger
    ) async {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint, .sighup)
        for await signal in signals {
            if signal == .sighup {
                // Serving or draining, the configuration's reloader hears it (and ignores it while draining).
                if drain.phase == .stopping { logger.notice("SIGHUP ignored: the host is stopping") }
                continue
            }
            guard drain.begin() else {
                logger.warning("\(signal) again: stopping at once, without waiting for requests in flight")
                running.cancel()
                return
            }
            logger.notice(
                "\(signal): draining; /health/ready answers 503 and new live streams are refused",
                metadata: ["drainSeconds": "\(settings.drainSeconds)", "requestTimeoutSeconds": "\(settings.requestTimeoutSeconds)"])
            Task {
                if settings.drainSeconds > 0 { try? await Task.sleep(for: .seconds(settings.drainSeconds)) }
                guard !running.isCancelled else { return }
                logger.notice("drained: no longer accepting; finishing the requests in flight")
                drain.stop()
                await group.triggerGracefulShutdown()
            }
        }
    }

    /// What the server does with each request, as Hummingbird's `Application` does: the request
    /// goes to `responder` in a context of its own; an error no middleware answered is answered
    /// here (its own status when it has one, else 500); every response is dated and names the
    /// server.
    static func answering(with responder: ReloadableResponder, drain: HostDrain, logger: Logger) -> HTTPChannelHandler.Responder {
        let dates = HTTPDate()
        return { request, writer, channel in
            let context = AtriumRequestContext(source: .init(channel: channel, logger: logger))
            var response: Response
            do {
                // Leaving: readiness says so at once, whatever the storage says, so a balancer stops sending.
                // Read as the router reads a path (empty segments left out: `/health//ready/` is the same route).
                if drain.isLeaving, request.uri.path.split(separator: "/").elementsEqual(["health", "ready"]) {
                    response = Response(
                        status: .serviceUnavailable, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: Self.draining)))
                } else {
                    response = try await responder.respond(to: request, context: context)
                }
            } catch let error as HTTPParserError {
                throw error
            } catch let error as any HTTPResponseError {
                response = (try? error.response(from: request, context: context)) ?? Response(status: error.status)
            } catch {
                logger.debug("request failed outside the routes", metadata: ["error": "\(error)"])
                response = Response(status: .internalServerError)
            }
            response.headers.append(HTTPField(name: .date, value: dates.now))
            response.headers.append(HTTPField(name: .server, value: "Atrium"))
            // Stopping: the connection closes once this answer is written (Hummingbird's quiescing
            // closes it); the client is told, so it sends its next request elsewhere.
            if drain.phase == .stopping { response.headers[.connection] = "close" }
            do {
                try await writer.write(response: response.head, body: response.body)
            } catch is HTTPParserError {
                // Thrown on as another error: a parse error makes the connection answer 400, and
                // this request's answer has begun.
                throw ResponseCutShort()
            }
        }
    }

    private struct ResponseCutShort: Error {}

    /// What `/health/ready` answers while the host drains.
    static let draining = #"{"status":"draining","build":""# + BuildID.current + #""}"#

    /// Serves `generation` to the requests that waited and every one after; a listener handed its
    /// socket starts accepting now.
    package func begin(_ generation: ServingGeneration) {
        responder.begin(generation)
        server.open()
    }

    /// Returns once the listener has stopped accepting (a host handing over tells the new process
    /// then, which accepts from then on: two processes never accept on one socket at once).
    package func stoppedAccepting() async {
        await server.stoppedAccepting()
    }

    /// The listening socket's descriptor, once the server listens: what a host taking over is handed.
    package var listeningDescriptor: CInt? { server.descriptor }

    /// Another process serves the socket now: this host stops accepting at once (no wait for a
    /// balancer: the socket goes on accepting in the other process) and drains as on SIGTERM.
    /// False when the host was already leaving.
    @discardableResult
    package func handOver() async -> Bool {
        guard drain.begin() else { return false }
        drain.stop()
        await group.triggerGracefulShutdown()
        return true
    }

    /// Runs `service` beside the server until the host stops; it stops before the server does.
    package func add(_ service: any Service, named name: String) async {
        await group.addServiceUnlessShutdown(.init(service: service, serviceName: name))
    }

    /// The host did not boot: the server answers what waited with 503 and stops.
    package func abandon() async {
        responder.abandon()
        drain.stop()
        await group.triggerGracefulShutdown()
        _ = try? await running.value
        signals.cancel()
    }

    /// Waits until the server has stopped (SIGTERM, SIGINT, or a failure). An address that cannot
    /// be listened on is a ``ConfigurationError`` at `http.port` or `http.host`.
    package func stopped(source: String) async throws {
        defer { signals.cancel() }
        do {
            try await running.value
        } catch let error as IOError where [EADDRINUSE, EACCES, EADDRNOTAVAIL].contains(error.errnoCode) {
            let address = "\(settings.host):\(settings.port)"
            let problem =
                switch error.errnoCode {
                case EADDRINUSE:
                    ConfigurationProblem(
                        key: "http.port", message: "\(address) is in use by another process", fix: "stop that process, or choose another port")
                case EACCES:
                    ConfigurationProblem(
                        key: "http.port", message: "this user may not listen on \(address)", fix: "choose a port above 1023")
                default:
                    ConfigurationProblem(
                        key: "http.host", message: "\(settings.host) is not an address of this machine",
                        fix: "listen on 127.0.0.1, 0.0.0.0 or one of this machine's addresses")
                }
            throw ConfigurationError(source: source, problems: [problem])
        } catch let error where drain.isLeaving {
            // Cancelled: a second signal, or requests still in flight at the request timeout.
            logger.notice("stopped before every request in flight was answered", metadata: ["error": "\(error)"])
        }
    }
}
