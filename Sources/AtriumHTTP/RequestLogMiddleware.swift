import AtriumObservability
import HTTPTypes
import Hummingbird
import Logging
import Tracing

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
            var response =
                HostTracing.isOn
                ? try await traced(request, context: context, requestID: id, next: next) : try await timed(request, context: context, next: next)
            // Appended, not set: nothing before this middleware names the response's request id.
            response.headers.append(HTTPField(name: .requestID, value: id))
            return response
        }
    }

    /// The request inside its server span: named by the route's pattern once routing found it
    /// (never the path a visitor sent), with its method, status, module and request id. A caller's
    /// `traceparent` is continued only from a trusted proxy or the host's own in-process call
    /// (which has no peer); from anyone else it is kept as a link of a new trace. The span ends
    /// once the body is written (a page's time includes sending it), except an event stream's,
    /// which is the stream's opening: each push after it has a span of its own.
    private func traced(_ request: Request, context: Context, requestID: String, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let method = Self.methodLabel(request.method)
        let continuesCaller = context.peerAddress.map { trustedProxies.contains($0) } ?? true
        let span: any Span
        switch HostTracing.startServerSpan(
            method, traceparent: request.headers[Self.traceparent], tracestate: request.headers[Self.tracestate], continuesCaller: continuesCaller)
        {
        case nil:
            return try await timed(request, context: context, next: next)
        case .leftOut(let leftOut)?:
            return try await ServiceContext.withValue(leftOut) { try await timed(request, context: context, next: next) }
        case .made(let made)?:
            span = made
        }
        guard span.isRecording else {
            // The tracer's sampler left it out: current for its children (who then make none), no attributes.
            defer { span.end() }
            return try await ServiceContext.withValue(span.context) { try await timed(request, context: context, next: next) }
        }
        var context = context
        context.span = span
        span.attributes["http.request.method"] = method
        span.attributes["atrium.request_id"] = requestID
        func finish(status: Int) {
            let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 }
            span.operationName = route.map { "\(method) \($0)" } ?? method
            if let route { span.attributes["http.route"] = route }
            span.attributes["http.response.status_code"] = status
            if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
        }
        do {
            var response = try await ServiceContext.withValue(span.context) { try await timed(request, context: context, next: next) }
            finish(status: Int(response.status.code))
            if response.headers[.contentType]?.hasPrefix("text/event-stream") == true {
                span.end()
            } else {
                let body = response.body
                response.body = ResponseBody(contentLength: body.contentLength) { writer in
                    defer { span.end() }
                    try await body.write(writer)
                }
            }
            return response
        } catch {
            finish(status: (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500)
            HostTracing.mark(span, failedWith: error)
            span.end()
            throw error
        }
    }

    static let traceparent = HTTPField.Name("traceparent")!
    static let tracestate = HTTPField.Name("tracestate")!

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
        guard logger.logLevel <= .info else { return }
        // Tenths of a millisecond in whole numbers (a `Double`'s description costs more than the
        // rest of the line), and the source named rather than worked out from the file's path.
        let tenths = elapsed.components.seconds * 10_000 + (elapsed.components.attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        logger.info("\(request.method.rawValue) \(request.uri.path) \(status) \(tenths / 10).\(tenths % 10)ms", source: "AtriumHTTP")
    }

    package init(logger: Logger, metrics: HostMetrics? = nil, trustedProxies: Set<String>) {
        self.logger = logger
        self.metrics = metrics
        self.trustedProxies = trustedProxies
    }
}
