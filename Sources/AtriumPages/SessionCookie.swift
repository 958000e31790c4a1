import AtriumRuntime

/// The session cookie: `HttpOnly`, `SameSite=Lax`, `Secure` when TLS ends in front of the host.
package struct SessionCookie: Sendable {
    package static let name = "atrium_session"

    package let isSecure: Bool

    package func token(in request: PageRequest) -> String? {
        RequestCookie.value(named: Self.name, in: request)
    }

    /// The `Set-Cookie` value a session's change asks for, if any.
    package func setCookie(for change: RequestSession.CookieChange?) -> String? {
        switch change {
        case .set(let token, let maxAge): setCookie(token: token, maxAge: maxAge)
        case .clear: isSecure ? Self.clearSecure : Self.clear
        case nil: nil
        }
    }

    /// What an answer that ends the session carries beside the emptied cookie (a sign-out, a cookie
    /// whose session ended): the browser deletes what this site kept, the web app's copies of the
    /// person's pages and what waits to be sent among them.
    package static let clearSiteData = (name: "Clear-Site-Data", value: #""cache", "storage""#)

    /// The cookie emptied and expired, as Hummingbird's `Cookie` wrote it.
    private static let clear = "\(name)=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax"
    private static let clearSecure = "\(name)=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; Secure; HttpOnly; SameSite=Lax"

    /// The `Set-Cookie` value of a session cookie, written by hand: Hummingbird's `Cookie` keeps its
    /// attributes in a table and setting it copies the response's cookies out and back in, together
    /// 4 % of a first visit (which is given a visitor pass).
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
