import HTTPTypes
import Hummingbird

/// The security headers of every response the host sends, in one place: pages, assets, error
/// pages, redirects and endpoints alike.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // Which of them the response set itself, in one pass over its fields.
        var present: UInt8 = 0
        for field in response.headers {
            if let index = securityHeaders.firstIndex(where: { $0.name == field.name }) { present |= 1 << index }
        }
        for (index, field) in securityHeaders.enumerated() where present & (1 << index) == 0 {
            response.headers.append(field)
        }
        return response
    }

    package init() {
    }
}

/// The headers, made once per process (a generic type cannot keep a static value).
private let securityHeaders: [HTTPField] = [
    HTTPField(name: .xContentTypeOptions, value: "nosniff"),
    HTTPField(name: .referrerPolicy, value: "same-origin"),
    HTTPField(
        name: .contentSecurityPolicy,
        value:
            "default-src 'self'; img-src 'self' https: http: data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'"
    ),
]
