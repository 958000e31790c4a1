import Hummingbird

/// Read-your-writes for each visitor on hosts sharing PostgreSQL, whichever host serves them: a
/// request that wrote answers with the cookie `atrium_wrote`, the change feed's position of its
/// last write (``WriteMark``); a request whose cookie names a position this host's feed has not
/// yet reached reads through every cache (``ChangeFeed/readsThrough``), so a POST on one host and
/// the GET after it on another always show the visitor's own change. Other visitors' changes
/// reach the caches within the feed's delay. Only used where several hosts write (PostgreSQL).
struct ReadYourWritesMiddleware: RouterMiddleware {
    typealias Context = AtriumRequestContext

    static let cookieName = "atrium_wrote"
    /// Long past any delay of the feed: after it the cookie has done its work.
    static let cookieSeconds = 60

    let feed: ChangeFeed
    let isSecure: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A request this host delivers to itself (a module's sandbox) writes for its caller.
        if WriteMark.current != nil { return try await next(request, context) }
        let cookie = request.headers[.cookie]
        let wrote = cookie.flatMap(Self.position(inHeader:)) ?? 0
        let mark = WriteMark()
        var response = try await ChangeFeed.$readsThrough.withValue(wrote > feed.seen) {
            try await WriteMark.$current.withValue(mark) { try await next(request, context) }
        }
        // Only visitors with a session (a browser) carry the mark: an API client without cookies
        // gets none.
        let hasSession = cookie?.contains(SessionCookie.name + "=") == true || response.headers[.setCookie] != nil
        if mark.position > wrote, hasSession {
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: String(mark.position), maxAge: Self.cookieSeconds, path: "/", secure: isSecure, httpOnly: true,
                    sameSite: .lax))
        }
        return response
    }

    /// The position in a `Cookie` header; nil without one, or when it is not a number.
    static func position(inHeader header: String) -> Int64? {
        guard let start = header.range(of: cookieName + "=") else { return nil }
        let digits = header[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        return Int64(digits)
    }
}
