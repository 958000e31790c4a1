import AtriumRuntime
import Foundation
import Hummingbird
import Synchronization

/// The session cookie: `HttpOnly`, `SameSite=Lax`, `Secure` when TLS ends in front of the host.
package struct SessionCookie: Sendable {
    static let name = "atrium_session"

    package let isSecure: Bool

    package func token(in request: Request) -> String? {
        guard let header = request.headers[.cookie] else { return nil }
        return Self.token(inHeader: header)
    }

    /// Tokens already read, by `Cookie` header: a browser sends the same header with each request,
    /// and reading it with Hummingbird's `Cookies` was 7 % of a page's CPU. Up to 4,096 headers of
    /// up to 1 KB are kept, then the memo starts again; others are read each time.
    private static let tokens = Mutex<[String: String?]>([:])
    static let memoizedHeaders = 4096
    static let memoizedLength = 1024

    static var memoizedCount: Int { tokens.withLock { $0.count } }

    /// The session token in a `Cookie` header (several headers joined with "; ").
    static func token(inHeader header: String) -> String? {
        guard header.utf8.count <= memoizedLength else { return Cookies(from: [header])[name]?.value }
        if let known = tokens.withLock({ $0[header] }) { return known }
        let token = Cookies(from: [header])[name]?.value
        tokens.withLock { tokens in
            if tokens.count >= memoizedHeaders { tokens.removeAll(keepingCapacity: true) }
            tokens[header] = .some(token)
        }
        return token
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
