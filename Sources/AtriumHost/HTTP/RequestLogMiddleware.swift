import Hummingbird
import Logging

/// One log line per request: method, path (never the query, which may carry tokens), status and
/// duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: Int(response.status.code), since: start)
            return response
        } catch let error as any HTTPResponseError {
            log(request, status: Int(error.status.code), since: start)
            throw error
        } catch {
            log(request, status: 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let duration = (milliseconds * 10).rounded() / 10
        logger.info("\(request.method.rawValue) \(request.uri.path) \(status) \(duration)ms")
    }
}
