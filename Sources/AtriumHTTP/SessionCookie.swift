import AtriumRuntime
import Foundation
import Hummingbird

/// The session cookie: `HttpOnly`, `SameSite=Lax`, `Secure` when TLS ends in front of the host.
package struct SessionCookie: Sendable {
    static let name = "atrium_session"

    package let isSecure: Bool

    package func token(in request: Request) -> String? {
        RequestCookie.value(named: Self.name, in: request.headers)
    }

    /// The session token in a `Cookie` header (several headers joined with "; ").
    static func token(inHeader header: String) -> String? {
        RequestCookie.value(named: name, inHeader: header)
    }

    package func apply(_ change: RequestSession.CookieChange?, to response: inout Response) {
        switch change {
        case .set(let token, let maxAge):
            response.setCookie(
                Cookie(
                    name: Self.name,
                    value: token,
                    maxAge: maxAge,
                    path: "/",
                    secure: isSecure,
                    httpOnly: true,
                    sameSite: .lax
                )
            )
        case .clear:
            response.setCookie(
                Cookie(
                    name: Self.name,
                    value: "",
                    expires: Date(timeIntervalSince1970: 0),
                    maxAge: 0,
                    path: "/",
                    secure: isSecure,
                    httpOnly: true,
                    sameSite: .lax
                )
            )
        case nil:
            break
        }
    }

    package init(isSecure: Bool) {
        self.isSecure = isSecure
    }
}
