import HTTPTypes
import Hummingbird

/// The security headers of every response the host sends, in one place: pages, assets, error
/// pages, redirects and endpoints alike — but a `304 Not Modified`, which only confirms a response
/// the client keeps with these headers already on it. A 304 carries the fields that update the
/// kept response (its tag, `Cache-Control`, `Vary`, `Date`) and no other metadata (RFC 9110,
/// 15.4.5) beside the request's own id, so the answer a returning client gets most often stays the
/// smallest: each field costs a small response about 1 % of its time to write. A response that
/// does not say how it may be cached (an error page a router made, a refusal) says `no-store`:
/// nothing the host sends is kept by a cache in front of it unless its route chose so.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard response.status != .notModified else { return response }
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
    HTTPField(name: .cacheControl, value: "no-store"),
    HTTPField(name: .xContentTypeOptions, value: "nosniff"),
    HTTPField(name: .referrerPolicy, value: "same-origin"),
    HTTPField(
        name: .contentSecurityPolicy,
        value:
            "default-src 'self'; img-src 'self' https: http: data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'"
    ),
]
