import HTTPTypes
import Hummingbird

/// The security headers of every response the host sends, in one place: pages, assets, error
/// pages, redirects and endpoints alike.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var headers: HTTPFields {
        [
            .xContentTypeOptions: "nosniff",
            .referrerPolicy: "same-origin",
            .contentSecurityPolicy:
                "default-src 'self'; img-src 'self' https: http: data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for field in Self.headers where !response.headers.contains(field.name) {
            response.headers.append(field)
        }
        return response
    }
}
