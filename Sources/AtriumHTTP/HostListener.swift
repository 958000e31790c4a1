import AtriumConfiguration
import AtriumListener
import AtriumObservability
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The host's HTTP server, under swift-service-lifecycle. `atrium serve` starts it as soon as the
/// host's own settings are read, so the port is bound while the modules register and the storage
/// opens (binding is about a sixth of a boot); requests that come in the meantime wait for the
/// first configuration (see ``ReloadableResponder``). SIGTERM and SIGINT shut it down gracefully:
/// the services added once the host has booted stop first, then the server finishes its requests.
/// Every connection is held to the timeouts and the cap of ``HTTPSettings`` (see
/// ``ConnectionGuard`` and ``ConnectionRegistry``).
package final class HostListener: Sendable {
    package let responder = ReloadableResponder()
    let settings: HTTPSettings
    /// The open connections and their cap.
    let connections: ConnectionRegistry
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    /// Starts listening at `settings`' address. Hummingbird's own lines ("Server started and
    /// listening") are left out below notice: the host says it is serving once it has booted.
    package init(settings: HTTPSettings, logger: Logger) {
        self.settings = settings
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
                idle: .seconds(Int64(settings.idleTimeoutSeconds))),
            logger: logger)
        self.connections = registry
        // Hummingbird's HTTP server run directly rather than through its `Application`, whose `run()`
        // starts a service group of its own that names each service by reflecting all of it (a
        // millisecond of every start, in the runtime's conformance scans) and gives each request a
        // logger of its own carrying an id of its own, which the host's lines leave out for theirs.
        let server = Server(
            childChannelSetup: GuardedHTTP1Channel(responder: Self.answering(with: responder, logger: logger), registry: registry),
            configuration: ServerConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: "Atrium", availableConnectionsDelegate: registry.delegate),
            onServerRunning: { _ in BootTrace.mark("bound") },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: serverLogger
        )
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: server, serviceName: "http server")], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        self.group = group
        running = Task { try await group.run() }
    }

    /// What the server does with each request, as Hummingbird's `Application` does: the request
    /// goes to `responder` in a context of its own; an error no middleware answered is answered
    /// here (its own status when it has one, else 500); every response is dated and names the
    /// server.
    static func answering(with responder: ReloadableResponder, logger: Logger) -> HTTPChannelHandler.Responder {
        let dates = HTTPDate()
        return { request, writer, channel in
            let context = AtriumRequestContext(source: .init(channel: channel, logger: logger))
            var response: Response
            do {
                response = try await responder.respond(to: request, context: context)
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

    /// Serves `generation` to the requests that waited and every one after.
    package func begin(_ generation: ServingGeneration) {
        responder.begin(generation)
    }

    /// Runs `service` beside the server until the host stops; it stops before the server does.
    package func add(_ service: any Service, named name: String) async {
        await group.addServiceUnlessShutdown(.init(service: service, serviceName: name))
    }

    /// The host did not boot: the server answers what waited with 503 and stops.
    package func abandon() async {
        responder.abandon()
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }

    /// Waits until the server has stopped (SIGTERM, SIGINT, or a failure). An address that cannot
    /// be listened on is a ``ConfigurationError`` at `http.port` or `http.host`.
    package func stopped(source: String) async throws {
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
        }
    }
}
