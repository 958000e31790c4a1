import Foundation
import Hummingbird

/// The session cookie: `HttpOnly`, `SameSite=Lax`, `Secure` when TLS ends in front of the host.
struct SessionCookie: Sendable {
    static let name = "atrium_session"

    let isSecure: Bool

    func token(in request: Request) -> String? {
        request.cookies[Self.name]?.value
    }

    func apply(_ change: RequestSession.CookieChange?, to response: inout Response) {
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
}
