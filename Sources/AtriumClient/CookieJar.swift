import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cookies one host set (the session cookie above all), as a browser keeps them: replaced by
/// name, removed when the host expires them, `Secure` ones sent only over HTTPS.
struct CookieJar: Sendable {
    private(set) var cookies: [String: Cookie] = [:]

    struct Cookie: Sendable, Equatable {
        var value: String
        var isSecure: Bool
        var expires: Date?
    }

    /// Takes the `Set-Cookie` fields of `response`: a cookie is replaced by name, and removed when
    /// the host empties or expires it.
    mutating func take(from response: HTTPURLResponse, for url: URL) {
        let fields = response.allHeaderFields.reduce(into: [String: String]()) { fields, field in
            if let name = field.key as? String, let value = field.value as? String { fields[name] = value }
        }
        for cookie in HTTPCookie.cookies(withResponseHeaderFields: fields, for: url) {
            if cookie.value.isEmpty || cookie.expiresDate.map({ $0 <= Date() }) == true {
                cookies[cookie.name] = nil
            } else {
                cookies[cookie.name] = Cookie(value: cookie.value, isSecure: cookie.isSecure, expires: cookie.expiresDate)
            }
        }
    }

    /// The value of the cookie named `name`, while it has not expired.
    func value(of name: String) -> String? {
        guard let cookie = cookies[name], cookie.expires.map({ $0 > Date() }) ?? true else { return nil }
        return cookie.value
    }

    /// The `Cookie` field to send to `url`, if any cookie goes there.
    func field(for url: URL) -> String? {
        let now = Date()
        let secure = url.scheme?.lowercased() == "https"
        let sent = cookies.filter { (secure || !$0.value.isSecure) && ($0.value.expires.map { $0 > now } ?? true) }
        guard !sent.isEmpty else { return nil }
        return sent.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.value)" }.joined(separator: "; ")
    }

    /// The values by name (to keep a signed-in session across an app's restarts).
    var values: [String: String] { cookies.mapValues(\.value) }

    mutating func set(_ values: [String: String]) {
        cookies = values.mapValues { Cookie(value: $0, isSecure: false, expires: nil) }
    }
}
