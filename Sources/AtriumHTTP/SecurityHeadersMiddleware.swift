import HTTPTypes
import Hummingbird

/// The security headers of every response the host sends, in one place: pages, assets, error
/// pages, redirects and endpoints alike.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for field in securityHeaders where !response.headers.contains(field.name) {
            response.headers.append(field)
        }
        return response
    }

    package init() {
    }
}

/// The headers, made once per process (a generic type cannot keep a static value).
private let securityHeaders: HTTPFields = [
    .xContentTypeOptions: "nosniff",
    .referrerPolicy: "same-origin",
    .contentSecurityPolicy:
        "default-src 'self'; img-src 'self' https: http: data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'",
]
