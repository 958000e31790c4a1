import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Hummingbird

/// Reads a route's parameters from the path and query, each checked against its type: a value
/// that does not fit answers the not-found page (a JSON error for an endpoint), before anything
/// else runs.
struct RouteParametersMiddleware: RouterMiddleware {
    typealias Context = AtriumRequestContext

    let route: RouteRegistration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let values = RouteValues.extract(for: route, from: request, context: context) else {
            if case .endpoint = route.handler { return EndpointResponder.json(.notFound, #"{"error":"There is nothing at this address."}"#) }
            throw HTTPError(.notFound)
        }
        var context = context
        context.routeValues = values
        return try await next(request, context)
    }
}
