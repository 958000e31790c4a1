import AtriumHTTP
import Hummingbird

/// What a live page's renders depend on, taken from the request that opened its stream: the page's
/// address (its path and query), its route's values, and where it returns to. A group renders from
/// this and a session, never from one watcher's request.
struct LivePage: Sendable {
    var path: String
    var routeValues: [String: String]
    var returnTo: String?

    init(request: Request, context: AtriumRequestContext) {
        path = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
        routeValues = context.routeValues
        returnTo = RouteValues.returnTo(of: request)
    }
}
