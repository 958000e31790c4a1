import AtriumRuntime
import Foundation
import HTTPTypes
import Hummingbird

/// The session cookie: `HttpOnly`, `SameSite=Lax`, `Secure` when TLS ends in front of the host.
package struct SessionCookie: Sendable {
    static let name = "atrium_session"

    package let isSecure: Bool

    package func token(in request: Request) -> String? {
        RequestCookie.value(named: Self.name, in: request.headers)
    }

    package func apply(_ change: RequestSession.CookieChange?, to response: inout Response) {
        switch change {
        case .set(let token, let maxAge):
            response.headers.append(HTTPField(name: .setCookie, value: setCookie(token: token, maxAge: maxAge)))
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

    /// The `Set-Cookie` value of a session cookie, as Hummingbird's `Cookie` writes it, written here:
    /// a `Cookie` keeps its attributes in a table and `setCookie` copies the response's cookies out
    /// and back in, together 4 % of a first visit (which is given a visitor pass).
    func setCookie(token: String, maxAge: Int) -> String {
        var value = Self.name
        value.reserveCapacity(Self.name.utf8.count + token.utf8.count + 64)
        value += "="
        value += token
        value += "; Max-Age="
        value += String(maxAge)
        value += isSecure ? "; Path=/; Secure; HttpOnly; SameSite=Lax" : "; Path=/; HttpOnly; SameSite=Lax"
        return value
    }

    package init(isSecure: Bool) {
        self.isSecure = isSecure
    }
}
