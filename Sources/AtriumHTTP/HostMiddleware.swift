import AtriumStorage
import Hummingbird

/// What the host does around every request, as one router middleware: the request line and its
/// metrics (outermost, so it sees the final status), the security headers, read-your-writes across
/// hosts (when storage is shared), and error pages (innermost, so every page it makes gets the
/// headers and the log line). Composed as concrete types with non-escaping `next` closures, as
/// ``SceneRoutePipeline`` composes a scene route's steps: Hummingbird chains each middleware added to
/// a router as a responder calling an existential middleware through an escaping closure, a few
/// async frames and a copy of the request context per layer on every request. A class: as a struct
/// the whole of it (the logger, the page writer inside the error pages, every reference in them) was
/// copied into each request's async frames and released again, about 3 % of a page's time.
package final class HostMiddleware: RouterMiddleware, Sendable {
    package typealias Context = AtriumRequestContext

    let log: RequestLogMiddleware
    let headers = SecurityHeadersMiddleware<Context>()
    let readYourWrites: ReadYourWritesMiddleware?
    let errors: ErrorPageMiddleware
    /// The storage's feed: while another process writes the same SQLite file (a hand-over), each
    /// request first catches up with it (``ChangeFeed/catchUp()``).
    let feed: ChangeFeed

    package init(log: RequestLogMiddleware, feed: ChangeFeed, readYourWrites: ReadYourWritesMiddleware?, errors: ErrorPageMiddleware) {
        self.log = log
        self.feed = feed
        self.readYourWrites = readYourWrites
        self.errors = errors
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        feed.catchUp()
        return try await log.handle(request, context: context) { request, context in
            try await headers.handle(request, context: context) { request, context in
                guard let readYourWrites else { return try await errors.handle(request, context: context, next: next) }
                return try await readYourWrites.handle(request, context: context) { request, context in
                    try await errors.handle(request, context: context, next: next)
                }
            }
        }
    }
}
