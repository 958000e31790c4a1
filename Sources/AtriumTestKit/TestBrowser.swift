import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization

/// A client that behaves like a browser: it keeps cookies, and posts forms with the anti-forgery
/// token of the last page it loaded.
public final class TestBrowser: Sendable {
    let client: any TestClientProtocol
    private let state = Mutex<(cookies: [String: String], csrfToken: String?)>(([:], nil))

    init(client: any TestClientProtocol) { self.client = client }

    /// A second visitor on the same host: another browser, with no cookies.
    public func anotherVisitor() -> TestBrowser { TestBrowser(client: client) }

    /// The cookies the browser holds now.
    public var cookies: [String: String] {
        get { state.withLock { $0.cookies } }
    }

    /// Replaces the cookie jar (to replay an old session, for example).
    public func setCookies(_ cookies: [String: String]) {
        state.withLock { $0.cookies = cookies }
    }

    /// The anti-forgery token of the last page loaded.
    public var lastCSRFToken: String? { state.withLock { $0.csrfToken } }

    /// Loads `path`, asking for `accept` (HTML unless given).
    public func get(_ path: String, accept: String = "text/html") async throws -> TestPage {
        try await send(path, method: .get, headers: [.accept: accept], body: nil)
    }

    /// Loads a page as a native client does: its screen as JSON (read it with ``TestPage/screen``).
    public func getScreen(_ path: String) async throws -> TestPage { try await get(path, accept: "application/json") }

    /// Posts a form as a native client does: the answer's screen as JSON.
    public func postForScreen(_ path: String, form: [String: String]) async throws -> TestPage {
        try await post(path, form: form, accept: "application/json")
    }

    /// Posts a form. The anti-forgery token of the last page is added unless `csrfToken` says
    /// otherwise (pass "" to send none).
    public func post(_ path: String, form: [String: String], csrfToken: String? = nil, accept: String = "text/html") async throws -> TestPage {
        try await post(path, fields: form.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, csrfToken: csrfToken, accept: accept)
    }

    /// Posts form fields in order; a name may repeat (`have[]` for a list).
    public func post(_ path: String, fields: [(String, String)], csrfToken: String? = nil, accept: String = "text/html") async throws -> TestPage {
        var fields = fields
        if let token = csrfToken ?? lastCSRFToken, !token.isEmpty { fields.append(("_csrf", token)) }
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(
            path,
            method: .post,
            headers: [.accept: accept, .contentType: "application/x-www-form-urlencoded"],
            body: body
        )
    }

    /// Posts JSON, with the anti-forgery token in the `X-CSRF-Token` header.
    public func postJSON(_ path: String, json: String, csrfToken: String? = nil) async throws -> TestPage {
        var headers: HTTPFields = [.accept: "application/json", .contentType: "application/json"]
        if let token = csrfToken ?? lastCSRFToken { headers[HTTPField.Name("X-CSRF-Token")!] = token }
        return try await send(path, method: .post, headers: headers, body: json)
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Keeps the cookie `name` as if the host had set it (a visitor's language choice made on
    /// another host, or an old or forged value).
    public func setCookie(_ name: String, _ value: String) {
        state.withLock { $0.cookies[name] = value }
    }

    /// Sends any request with the browser's cookies, as it is: no token is added.
    public func send(_ path: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: String? = nil) async throws -> TestPage {
        var headers = headers
        let cookieHeader = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        if !cookieHeader.isEmpty { headers[.cookie] = cookieHeader }
        let page = try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            TestPage(status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
        }
        state.withLock { state in
            for header in page.setCookies {
                let pair = header.split(separator: ";").first.map(String.init) ?? ""
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard let name = parts.first else { continue }
                let value = parts.count > 1 ? parts[1] : ""
                if value.isEmpty || header.contains("Max-Age=0") { state.cookies[name] = nil } else { state.cookies[name] = value }
            }
            if let token = page.csrfToken { state.csrfToken = token }
            if let json = page.body.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
                let token = object["csrfToken"] as? String
            {
                state.csrfToken = token
            }
        }
        return page
    }
}
