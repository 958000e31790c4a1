import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A native client of one Atrium host: it opens addresses and decodes their scene documents,
/// follows links, sends forms and presses buttons with the session's form token, follows the
/// host's redirects, keeps the session cookie, revalidates what it showed with `ETag`, shows the
/// kept document when the host cannot answer, and follows a live scene's stream.
///
/// ```swift
/// let client = AtriumClient(base: URL(string: "https://atrium.example")!)
/// let visit = try await client.open("/pilot")
/// if let form = visit.screen?.forms.first {
///     let sent = try await client.submit(form, values: ["name": "Ada"])
///     if sent.outcome == .invalid { /* the fields say what to change */ }
/// }
/// ```
public actor AtriumClient {
    /// The host's address (scheme, host and port).
    public nonisolated let base: URL
    let transport: any ClientTransport
    let store: any DocumentStore
    private var jar = CookieJar()
    /// Whose documents the store holds (``DocumentStore/owner()``), once read from it.
    private var storeOwner: String??
    /// The form token of the person's session, from the last document that had one.
    var formToken: String?
    /// The address last shown.
    public private(set) var currentAddress: String?
    /// The actions waiting to be sent, once read from the store (``PendingAction``).
    var waiting: [PendingAction]?
    /// Whether the waiting actions are being sent now.
    var isSendingWaiting = false
    /// What became of waiting actions sent on the client's own initiative (before a new action),
    /// not yet taken (``takeSentActions()``).
    var sentUntold: [SentAction] = []

    /// The most a document may weigh (the largest page is about 60 KB).
    static let documentLimit = 8 << 20
    /// The most redirects followed in a row.
    static let redirectLimit = 10

    /// The `Accept-Language` every request carries (nil: none, and the host answers in its default).
    let acceptLanguage: String?

    /// A client of the host at `base`, keeping documents in `store` (in memory unless given; a
    /// ``FileDocumentStore`` keeps them across launches), asking for screens in `languages`, most
    /// wanted first (the person's preferred languages unless given; a language the host does not
    /// offer is passed over, and a document says the one it is in: ``SceneDocument/locale``).
    public init(
        base: URL, transport: any ClientTransport = URLSessionTransport(), store: any DocumentStore = MemoryDocumentStore(),
        languages: [String] = Locale.preferredLanguages
    ) {
        self.base = base
        self.transport = transport
        self.store = store
        acceptLanguage = Self.acceptLanguage(languages)
    }

    /// `languages` as an `Accept-Language` value, each after the first a little less wanted
    /// (`es-MX, en;q=0.9`): at most ten, each a tag of letters, digits and hyphens.
    static func acceptLanguage(_ languages: [String]) -> String? {
        let tags = languages.lazy.map { $0.replacingOccurrences(of: "_", with: "-") }
            .filter { tag in
                !tag.isEmpty && tag.utf8.count <= 35
                    && tag.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            }
            .prefix(10)
        guard !tags.isEmpty else { return nil }
        return tags.enumerated().map { index, tag in index == 0 ? tag : "\(tag);q=0.\(10 - index)" }.joined(separator: ", ")
    }

    /// The cookies the host set, by name: keep them (in the keychain) to stay signed in across
    /// launches, and give them back with ``restoreCookies(_:)``.
    public var cookies: [String: String] { jar.values }

    /// Gives back cookies kept from an earlier launch. The documents kept are the person's only
    /// if the session is the one they were shown to: for another, they are forgotten.
    public func restoreCookies(_ cookies: [String: String]) async {
        jar.set(cookies)
        await keepStoreToSession()
    }

    /// The host's session cookie: the documents kept belong to its session.
    public static let sessionCookie = "atrium_session"

    /// Forgets every kept document when the session cookie is not the one they were shown to (a
    /// person signed in or out, a session ended or began, another person's cookies restored), and
    /// only then: another cookie changing (`atrium_wrote`, a language) keeps them.
    private func keepStoreToSession() async {
        let session = jar.value(of: Self.sessionCookie).map { String(FNV1a.digest($0.utf8), radix: 16) }
        let owner: String?
        if let known = storeOwner {
            owner = known
        } else {
            owner = await store.owner()
        }
        if owner != session {
            await store.removeAll()
            await store.setOwner(session)
            // What waited was that session's person's.
            waiting = []
        }
        storeOwner = .some(session)
    }

    /// Takes the cookies of `response`, and keeps the store to the session they leave.
    func take(_ response: HTTPURLResponse, for url: URL) async {
        let before = jar.value(of: Self.sessionCookie)
        jar.take(from: response, for: url)
        if storeOwner == nil || jar.value(of: Self.sessionCookie) != before { await keepStoreToSession() }
    }

    // MARK: - Opening, following, sending

    /// Opens `address` (a path such as `/pilot`, or an absolute address on this host),
    /// revalidating what was kept of it.
    public func open(_ address: String) async throws -> Visit {
        let path = try path(of: address)
        return try await load(path, method: "GET", body: nil)
    }

    /// Loads the address last shown again (after a ``Outcome/offline`` or ``Outcome/unavailable(retryAfter:)``
    /// visit, when the network is back).
    public func refresh() async throws -> Visit {
        try await open(currentAddress ?? "/")
    }

    /// Follows a link's, card's or tab's target. A target on another site is not opened: the
    /// visit's outcome is ``Outcome/leftSite(_:)``, for a browser to open.
    public func follow(_ target: SceneTarget) async throws -> Visit {
        switch target {
        case .path(let path): try await open(path)
        case .external(let url): Visit(address: currentAddress ?? "/", status: 0, outcome: .leftSite(url), document: nil, isCurrent: true)
        }
    }

    /// Sends `form` with each input's current value, fields and pickers given `values` by name and
    /// `toggles` turned on or off, and the form token. Throws ``ClientError/noSuchInput(_:)`` for a
    /// value or toggle the form does not have.
    public func submit(_ form: SceneNode.Form, values: [String: String] = [:], toggles: [SceneNode.Toggle: Bool] = [:]) async throws -> Visit {
        let names = form.inputNames
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) { throw ClientError.noSuchInput(unknown) }
        let known = Set(form.toggles)
        if let unknown = toggles.keys.first(where: { !known.contains($0) }) { throw ClientError.noSuchInput("\(unknown.name)=\(unknown.value)") }
        return try await post(to: form.action, fields: form.entries(values: values, toggles: toggles), title: form.submitButtons.first?.title ?? "")
    }

    /// Presses a button that has an action of its own (a payment, a sign-out): posts to it with the
    /// form token. A button without an action sends its form: use ``submit(_:values:toggles:)``
    /// (pressing one throws ``ClientError/noAction(_:)``).
    public func press(_ button: SceneNode.Button) async throws -> Visit {
        guard let action = button.action else { throw ClientError.noAction(button.title) }
        return try await post(to: action, fields: button.basis.map { [("_basis", $0)] } ?? [], title: button.title)
    }

    /// Sends an action with a key of its own (the host does an action sent twice with one key
    /// once). When the host cannot be reached, or actions made earlier still wait, it waits too.
    private func post(to target: SceneTarget, fields: [(String, String)], title: String) async throws -> Visit {
        guard case .path(let address) = target else { return try await follow(target) }
        let path = try path(of: address)
        let body = fields.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        let action = PendingAction(
            id: UUID().uuidString, address: path, body: Data(body.utf8), shownOn: currentAddress, title: title, madeAt: Date(), formToken: formToken)
        // An action never overtakes one made before it: those waiting go first.
        if await !waitingList().isEmpty {
            sentUntold += await sendWaiting()
            if await !waitingList().isEmpty { return try await wait(action) }
        }
        do {
            return try await load(path, method: "POST", body: action.body, key: action.id)
        } catch is NotDelivered {
            return try await wait(action)
        }
    }

    // MARK: - The exchange

    func load(_ path: String, method: String, body: Data?, key: String? = nil, token: String? = nil) async throws -> Visit {
        var path = path
        var method = method
        var body = body
        for _ in 0...Self.redirectLimit {
            let kept = method == "GET" ? await store.document(for: path) : nil
            var request = self.request(path, method: method)
            if let kept { request.setValue(kept.entityTag, forHTTPHeaderField: "If-None-Match") }
            if let body {
                request.httpBody = body
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                if let token = formToken ?? token { request.setValue(token, forHTTPHeaderField: "X-CSRF-Token") }
                if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
            }
            let response: HTTPURLResponse
            let data: Data
            do {
                (response, data) = try await transport.send(request, limit: Self.documentLimit)
            } catch let error as ClientError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                guard method == "GET" else { throw NotDelivered(reason: String(describing: error)) }
                return try shownKept(kept, at: path, outcome: .offline, status: 0, reason: error)
            }
            await take(response, for: request.url ?? base)
            let status = response.statusCode
            switch status {
            case 301, 302, 303, 307, 308:
                guard let location = response.value(forHTTPHeaderField: "Location") else { break }
                guard let next = try? self.path(of: location) else {
                    return Visit(address: path, status: status, outcome: .leftSite(location), document: nil, isCurrent: true)
                }
                if status == 307 || status == 308 {
                    // The same request again, at the new address.
                } else {
                    (method, body) = ("GET", nil)
                }
                path = next
                continue
            case 304:
                if let kept {
                    let document = try decode(kept.body, status: 200)
                    await store.keep(StoredDocument(address: path, entityTag: kept.entityTag, body: kept.body, confirmedAt: Date()))
                    return shown(document, at: path, status: 304, outcome: .shown)
                }
            case 503 where method == "GET" && kept != nil:
                return try shownKept(kept, at: path, outcome: .unavailable(retryAfter: Self.retryAfter(response)), status: status, reason: nil)
            default:
                break
            }
            let document = Self.isJSON(response) ? try decode(data, status: status) : nil
            if status == 200, method == "GET", let tag = response.value(forHTTPHeaderField: "ETag"), !Self.isNoStore(response) {
                await store.keep(StoredDocument(address: path, entityTag: tag, body: data, confirmedAt: Date()))
            }
            guard let document else {
                if status == 200 { throw ClientError.undecodable(status: status, reason: "it is not JSON") }
                return Visit(address: path, status: status, outcome: Self.outcome(of: status, response), document: nil, isCurrent: true)
            }
            return shown(document, at: path, status: status, outcome: Self.outcome(of: status, response))
        }
        throw ClientError.tooManyRedirects(path)
    }

    private func shown(_ document: SceneDocument, at path: String, status: Int, outcome: Outcome) -> Visit {
        if let token = document.csrfToken { formToken = token }
        currentAddress = path
        return Visit(address: path, status: status, outcome: outcome, document: document, isCurrent: true)
    }

    private func shownKept(_ kept: StoredDocument?, at path: String, outcome: Outcome, status: Int, reason: (any Error)?) throws -> Visit {
        guard let kept else { throw ClientError.offline(reason.map { String(describing: $0) } ?? "status \(status)") }
        let document = try decode(kept.body, status: 200)
        currentAddress = path
        return Visit(address: path, status: status, outcome: outcome, document: document, isCurrent: false)
    }

    func decode(_ data: Data, status: Int) throws -> SceneDocument {
        do {
            return try SceneDocument(data: data)
        } catch {
            throw ClientError.undecodable(status: status, reason: String(describing: error))
        }
    }

    /// A request for `path` with the headers every request carries.
    func request(_ path: String, method: String, accept: String = "application/json; schema=\(SceneDocument.schema)") -> URLRequest {
        var request = URLRequest(url: URL(string: path, relativeTo: base)?.absoluteURL ?? base)
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let acceptLanguage { request.setValue(acceptLanguage, forHTTPHeaderField: "Accept-Language") }
        if let cookie = jar.field(for: request.url ?? base) { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        return request
    }

    /// The path (with its query) `address` names on this host; throws for another site.
    func path(of address: String) throws -> String {
        if address.hasPrefix("/"), !address.hasPrefix("//") { return address }
        guard let url = URL(string: address), url.scheme == base.scheme, url.host == base.host, url.port == base.port else {
            throw ClientError.notOnThisHost(address)
        }
        let path = url.path.isEmpty ? "/" : url.path
        return url.query.map { path + "?" + $0 } ?? path
    }

    /// Takes a live document's token.
    func saw(_ document: SceneDocument) { if let token = document.csrfToken { formToken = token } }

    static func outcome(of status: Int, _ response: HTTPURLResponse) -> Outcome {
        switch status {
        case 200..<300: .shown
        case 400, 422: .invalid
        case 401: .unauthorized
        case 403: .forbidden
        case 404: .notFound
        // A 409 that asks to wait is a first try of the same action still being done.
        case 409 where response.value(forHTTPHeaderField: "Retry-After") == nil: .changed
        case 429: .throttled(retryAfter: retryAfter(response))
        case 503: .unavailable(retryAfter: retryAfter(response))
        default: .failed(status: status)
        }
    }

    /// The seconds `Retry-After` asks for, as HTTP writes them: ASCII digits only (`+5`, `-5` and
    /// `5.0` are not delays), a number too large for an `Int` read as the largest; or an HTTP date,
    /// as the seconds until it (0 once past).
    static func retryAfter(_ response: HTTPURLResponse) -> Int? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = wholeNumber(value) { return seconds }
        return httpDate(value).map { max(0, Int($0.timeIntervalSinceNow.rounded(.up))) }
    }

    /// `text` as a whole number when it is ASCII digits alone (saturating at `Int.max`), else nil.
    static func wholeNumber(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var value = 0
        for digit in text.utf8 {
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times.addingReportingOverflow(Int(digit - 0x30))
            if overflowed || overflowedAgain { return .max }
            value = sum
        }
        return value
    }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form HTTP senders write.
    static func httpDate(_ text: String) -> Date? {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return format.date(from: text)
    }

    private static func isJSON(_ response: HTTPURLResponse) -> Bool {
        (response.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased().hasPrefix("application/json")
    }

    private static func isNoStore(_ response: HTTPURLResponse) -> Bool {
        (response.value(forHTTPHeaderField: "Cache-Control") ?? "").lowercased().contains("no-store")
    }

    /// `application/x-www-form-urlencoded` as browsers write it.
    static func formEncoded(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(of: "%20", with: "+")
    }
}
