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
        var context = context
        if let notFound = try fill(&context, from: request) { return notFound }
        return try await next(request, context)
    }

    /// Puts the route's values in `context`; when one does not fit, the endpoint's JSON answer to
    /// send instead, or the not-found error thrown for a page. Synchronous, so a scene route's
    /// pipeline takes this step without an async frame of its own.
    func fill(_ context: inout Context, from request: Request) throws -> Response? {
        guard let values = RouteValues.extract(for: route, from: request, context: context) else {
            if case .endpoint = route.handler { return EndpointResponder.json(.notFound, #"{"error":"There is nothing at this address."}"#) }
            throw HTTPError(.notFound)
        }
        context.routeValues = values
        return nil
    }
}
