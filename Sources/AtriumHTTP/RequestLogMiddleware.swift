import AtriumObservability
import Hummingbird
import Logging

/// Gives each request its id (``RequestID``: a trusted proxy's `X-Request-Id`, else a new one),
/// answered in `X-Request-Id` and carried by every log line written while the request is handled;
/// writes one log line per request: method, path (never the query, which may carry tokens), status
/// and duration; and, unless `http.metrics` is off, counts and times the request under its route
/// pattern (see ``HostMetrics``). One middleware, so a request reads the clock twice, not four times.
package struct RequestLogMiddleware: RouterMiddleware {
    package typealias Context = AtriumRequestContext

    let logger: Logger
    let metrics: HostMetrics?
    let trustedProxies: Set<String>

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let id = RequestID.resolve(header: request.headers[.requestID], peer: context.peerAddress, trustedProxies: trustedProxies)
        return try await RequestID.$current.withValue(id) {
            var response = try await timed(request, context: context, next: next)
            response.headers[.requestID] = id
            return response
        }
    }

    private func timed(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: Int(response.status.code), since: start)
            return response
        } catch let error as any HTTPResponseError {
            record(request, context: context, status: Int(error.status.code), since: start)
            throw error
        } catch {
            record(request, context: context, status: 500, since: start)
            throw error
        }
    }

    /// The standard methods by name, any other as `other`: a visitor may send any token as a method,
    /// and each new label would be a new series kept for the life of the host.
    static func methodLabel(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get, .head, .post, .put, .delete, .patch, .options: method.rawValue
        default: "other"
        }
    }

    private func record(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now)
        if let metrics {
            // The matched route's pattern, never the path a visitor sent (which could be anything);
            // Hummingbird names the place of unmatched requests "NotFound".
            let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
            metrics.recordRequest(method: Self.methodLabel(request.method), route: route, status: status, duration: elapsed)
        }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let duration = (milliseconds * 10).rounded() / 10
        logger.info("\(request.method.rawValue) \(request.uri.path) \(status) \(duration)ms")
    }

    package init(logger: Logger, metrics: HostMetrics? = nil, trustedProxies: Set<String>) {
        self.logger = logger
        self.metrics = metrics
        self.trustedProxies = trustedProxies
    }
}
