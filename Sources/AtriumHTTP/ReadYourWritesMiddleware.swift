import AtriumPages
import AtriumRuntime
import AtriumServices
import AtriumStorage
import AtriumSupport
import Crypto
import Foundation
import Hummingbird

/// Read-your-writes for each visitor on hosts sharing PostgreSQL, whichever host serves them: a
/// request that wrote answers with the cookie `atrium_wrote`, the change feed's position of its
/// last write (``WriteMark``); a request whose cookie names a position this host's feed has not
/// yet reached reads through every cache (``ChangeFeed/readsThrough``), so a POST on one host and
/// the GET after it on another always show the visitor's own change. Other visitors' changes
/// reach the caches within the feed's delay. Only used where several hosts write (PostgreSQL).
///
/// The cookie steers the host (a position beyond the feed's makes every read skip the caches), so
/// it is signed with a key derived from the host key and says when it was written: one a client
/// made up, changed, or kept past ``cookieSeconds`` is ignored.
package struct ReadYourWritesMiddleware: RouterMiddleware {
    package typealias Context = AtriumRequestContext

    static let cookieName = "atrium_wrote"
    /// Long past any delay of the feed: after it the cookie has done its work.
    static let cookieSeconds = 60

    let feed: ChangeFeed
    let isSecure: Bool
    /// The keys a cookie is checked with, the one it is signed with first (a cookie signed by a
    /// host that lists keys in another order during a rotation still counts).
    let signingKeys: [SymmetricKey]
    let now: @Sendable () -> Date

    package init(feed: ChangeFeed, isSecure: Bool, hostKey: HostKey, now: @escaping @Sendable () -> Date = Date.init) throws(HostKey.Unavailable) {
        self.feed = feed
        self.isSecure = isSecure
        self.signingKeys = try hostKey.allDerived(for: "read your writes")
        self.now = now
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A request this host delivers to itself (a module's sandbox) writes for its caller.
        if WriteMark.current != nil { return try await next(request, context) }
        // Read where the cookies lie (``RequestCookie``): joining them and searching the text with
        // Foundation made every PostgreSQL page 10–30 % slower than the same page on SQLite.
        let wrote = RequestCookie.value(named: Self.cookieName, in: request.headers).flatMap(position(ofValue:)) ?? 0
        let mark = WriteMark()
        var response = try await ChangeFeed.$readsThrough.withValue(wrote > feed.seen) {
            try await WriteMark.$current.withValue(mark) { try await next(request, context) }
        }
        // Only visitors with a session (a browser) carry the mark: an API client without cookies
        // gets none.
        if mark.position > wrote,
            RequestCookie.value(named: SessionCookie.name, in: request.headers) != nil || response.headers[.setCookie] != nil
        {
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: value(for: mark.position), maxAge: Self.cookieSeconds, path: "/", secure: isSecure,
                    httpOnly: true, sameSite: .lax))
        }
        return response
    }

    /// The cookie's value for `position`: the position, when it was written, and their signature.
    func value(for position: Int64) -> String {
        let payload = "\(position).\(Int64(now().timeIntervalSince1970))"
        return payload + "." + signature(of: payload)
    }

    /// The position a `Cookie` header's `atrium_wrote` vouches for: nil without one, or when it was
    /// not signed by this host key, was changed, or is older than ``cookieSeconds``.
    func position(inHeader header: String) -> Int64? {
        RequestCookie.value(named: Self.cookieName, inHeader: header).flatMap(position(ofValue:))
    }

    /// The position a cookie's value names, when this host signed it less than a minute ago.
    func position(ofValue cookie: String) -> Int64? {
        let value = cookie.prefix { $0 != " " }
        guard value.utf8.count <= 64 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count <= 18, parts[1].utf8.count <= 12, let position = Int64(parts[0]), position > 0,
            let written = Int64(parts[1])
        else { return nil }
        let age = Int64(now().timeIntervalSince1970) - written
        guard age >= -5, age <= Int64(Self.cookieSeconds) else { return nil }
        let given = Array(parts[2].utf8)
        let signed = signingKeys.contains { key in
            let expected = Array(signature(of: "\(parts[0]).\(parts[1])", key: key).utf8)
            return expected.count == given.count && zip(expected, given).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
        }
        return signed ? position : nil
    }

    /// 16 bytes of the payload's HMAC-SHA-256, base64url.
    private func signature(of payload: String, key: SymmetricKey? = nil) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: key ?? signingKeys[0])
        return Base64URL.encode(Data(code.prefix(16)))
    }
}
