import AtriumRuntime
import Hummingbird
import Logging
import NIOCore

/// The request context of every route the host serves. A scene route's middleware fills it in
/// turn: the route's parameters, the visitor's session, the action's checked body.
package struct AtriumRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage

    /// The address of the connection's other end, when there is a connection. Read as the request
    /// comes in, not when first asked: NIO forgets a channel's addresses once it closes, and a
    /// client that sent a request and reset its connection would then count as no address at all
    /// (`ClientAddress.inProcess`) for the throttles.
    package let peerAddress: String?
    /// Completes when the connection closes (a live stream's client went away), when there is one.
    package let connectionClosed: EventLoopFuture<Void>?
    /// The route's parameter texts, read and checked against their types (``RouteParametersMiddleware``).
    package var routeValues: [String: String] = [:]
    /// The visitor's session, read from the cookie when first asked (``SessionMiddleware``).
    package var session: RequestSession?
    /// An action's body, read and its anti-forgery token checked (``FormTokenMiddleware``).
    var action: FormActionInput?
    /// What the request's `Accept` asks for, negotiated once as it comes in (``ServingGeneration``).
    var accepted: ResponseFormat.Negotiated?

    /// What `request` asks for: as negotiated when it came in, else (a request answered in-process)
    /// negotiated now.
    func format(of request: Request) -> ResponseFormat.Negotiated {
        accepted ?? ResponseFormat.negotiate(request.headers[.accept])
    }

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        connectionClosed = source.channel.closeFuture
    }

    /// A context for a request answered in-process, with no connection (`atrium render`, a module
    /// calling its own sandbox).
    package init(logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
        peerAddress = nil
        connectionClosed = nil
    }

    /// Action bodies are small; refuse anything larger than 1 MiB.
    package var maxUploadSize: Int { 1024 * 1024 }
}

/// Where an in-process request comes from: nothing but a logger.
private struct InProcessSource: RequestContextSource {
    let logger: Logger
}
