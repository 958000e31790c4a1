import AtriumSDK
import AtriumServices
import AtriumTestKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Testing

@testable import AtriumConfiguration
@testable import AtriumFixtures
@testable import AtriumHTTP
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumPages
@testable import AtriumRuntime

/// The module surface of SDK 2: JSON endpoints, host services, sign-in only for the current-user
/// provider, links checked at boot, content negotiation by media type.
@Suite("SDK")
struct SDKTests {
    @Test func jsonEndpointsAnswerWithoutASessionOrAFormToken() async throws {
        let host = try await Fixture.host("modules: [echo]\n")
        defer { host.tearDown() }
        try await host.run { client in
            let json: HTTPFields = [.contentType: "application/json", .authorization: "Bearer letmein"]
            let first = try await client.send("/echo/items/7", method: .post, headers: json, body: #"{"text": "hi"}"#)
            #expect(first.status == 201)
            #expect(first.body == #"{"count":1,"id":7,"text":"hi"}"#)
            #expect(first.setCookies.isEmpty, "no session")
            let second = try await client.send("/echo/items/7", method: .post, headers: json, body: #"{"text": "again"}"#)
            #expect(second.body.contains(#""count":2"#), "state in the module's shared records")
            let anonymous = try await client.send("/echo/items/7", method: .post, headers: [.contentType: "application/json"], body: "{}")
            #expect(anonymous.status == 401)
            let broken = try await client.send("/echo/items/7", method: .post, headers: json, body: "{")
            #expect(broken.status == 400)
            #expect(broken.body == #"{"error":"The request body could not be read."}"#)
            #expect(try await client.send("/echo/items/seven", method: .post, headers: json, body: "{}").status == 404)
            #expect(try await client.get("/echo/health").body == #"{"status":"ok"}"#)
            #expect(try await client.send("/echo/health", method: .post).status == 405)
        }
    }

    @Test func onlyTheCurrentUserProviderMaySignVisitorsIn() throws {
        let other = HostRegistrar.testing(ModuleManifest(id: "other", title: "Other", version: "1"))
        #expect(throws: SettingProblem.self) { try other.userSessions() }
        let provider = HostRegistrar.testing(ModuleManifest(id: "login", title: "Login", version: "1", provides: [.currentUser]))
        #expect((try? provider.userSessions()) != nil)
    }

    @Test func secretsAreSealedAndChangesAreRefused() throws {
        let sealer = AESGCMSecretSealer(hostKey: .random())
        let sealed = try sealer.seal("the Moneybox bearer token")
        #expect(!sealed.contains("Moneybox"))
        #expect(try sealer.open(sealed) == "the Moneybox bearer token")
        #expect(try sealer.seal("same") != sealer.seal("same"), "a fresh nonce each time")
        var bytes = try #require(Data(base64Encoded: sealed))
        bytes[bytes.count - 1] ^= 1
        #expect(throws: SealedSecretError.changedOrForeign) { try sealer.open(bytes) }
        #expect(throws: SealedSecretError.changedOrForeign) {
            try AESGCMSecretSealer(hostKey: .random()).open(try #require(Data(base64Encoded: sealed)))
        }
    }

    @Test func aKeyFileIsCreatedOnceReadableByThisUserOnly() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "atrium-key-\(UUID().uuidString)/secret.key").path
        let first = AESGCMSecretSealer(hostKey: HostKey(source: .file(path)))
        let sealed = try first.seal("kept across restarts")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try AESGCMSecretSealer(hostKey: HostKey(source: .file(path))).open(sealed) == "kept across restarts")
    }

    struct Claims: Codable, Sendable, Equatable { var user: String }

    @Test func tokensAreSignedVerifiedAndExpire() async throws {
        let clock = TestClock()
        let key = HostKey.random()
        let signer = JWTTokenSigner(hostKey: key, clock: clock)
        let token = try await signer.sign(Claims(user: "ada"), lifetime: .seconds(600))
        #expect(try await signer.verify(token, as: Claims.self) == Claims(user: "ada"))
        await #expect(throws: (any Error).self) { try await JWTTokenSigner(hostKey: .random(), clock: clock).verify(token, as: Claims.self) }
        let parts = token.split(separator: ".")
        await #expect(throws: (any Error).self) { try await signer.verify(parts[0] + "." + parts[1] + ".AAAA", as: Claims.self) }
        clock.advance(seconds: 601)
        await #expect(throws: (any Error).self) { try await signer.verify(token, as: Claims.self) }
    }

    @Test(
        arguments: [
            (nil, ResponseFormat.html), ("text/html", .html), ("application/json", .json), ("text/plain", .text),
            ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", .html), ("application/json;q=0.5, text/plain", .text),
            ("*/*", .html), ("application/*", .json), ("text/plain;q=0, application/json;q=0.1", .json), ("image/png", .html),
            ("text/*, text/plain", .text), ("APPLICATION/JSON; charset=utf-8", .json),
        ] as [(String?, ResponseFormat)])
    func theFormatFollowsTheMostPreferredMediaType(_ accept: String?, _ format: ResponseFormat) {
        #expect(ResponseFormat.negotiate(accept).preferred == format)
        #expect(ResponseFormat.negotiate(accept).preferred == format, "the second time, from what was kept")
    }

    /// A stream is chosen only when named, at a `q` no document format beats, never at `q=0`; what
    /// a request that is not answered with a stream gets is still its best document format.
    @Test(
        arguments: [
            ("text/event-stream", ResponseFormat.eventStream, ResponseFormat.html),
            ("TEXT/Event-Stream", .eventStream, .html),
            ("text/event-stream;q=0", .html, .html),
            ("text/event-stream;q=0, */*", .html, .html),
            ("text/event-stream; q=0.0, application/json", .json, .json),
            ("application/json, text/event-stream;q=0.5", .json, .json),
            ("text/event-stream;q=0.5, application/json;q=0.9", .json, .json),
            ("text/event-stream, application/json;q=0.9", .eventStream, .json),
            ("text/html, text/event-stream", .eventStream, .html),
            ("*/*", .html, .html), ("text/*", .html, .html),
            ("text/html;q=0.2, */*", .html, .html),
            ("text/html;q=0, application/json;q=0.1", .json, .json),
        ] as [(String, ResponseFormat, ResponseFormat)])
    func aStreamIsNegotiatedWithItsQuality(_ accept: String, _ preferred: ResponseFormat, _ document: ResponseFormat) {
        let negotiated = ResponseFormat.negotiate(accept)
        #expect(negotiated.preferred == preferred, "\(accept)")
        #expect(negotiated.document == document, "\(accept)")
    }

    @Test func theSessionTokenIsReadFromAnyCookieHeaderAsHummingbirdsCookiesReadsIt() {
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "atrium_session=abc") == "abc")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "theme=dark; atrium_session=abc; lang=en") == "abc")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "theme=dark;atrium_session=abc") == "abc")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "theme=dark;\t atrium_session=abc") == "abc")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "theme=dark") == nil)
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "") == nil)
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: ";;;") == nil)
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "atrium_session") == nil, "a name without a value")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "atrium_session=") == "")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "atrium_session=a=b") == "a=b", "the value runs past a second =")
        #expect(
            RequestCookie.value(named: SessionCookie.name, inHeader: "atrium_sessionx=no; xatrium_session=no; atrium_session =no; atrium_session=yes")
                == "yes")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "atrium_session=first; atrium_session=second") == "first")
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: "atrium_session=ü€; x=y") == "ü€")
        let long = String(repeating: "filler=\(String(repeating: "x", count: 100)); ", count: 30) + "atrium_session=late"
        #expect(RequestCookie.value(named: SessionCookie.name, inHeader: long) == "late")
        // The same answers, cookie by cookie, as Hummingbird's own reader gives.
        for header in ["a=1; atrium_session=t; b=2", " atrium_session=t", "x; atrium_session=t;", "atrium_session=t ; y=z"] {
            #expect(RequestCookie.value(named: SessionCookie.name, inHeader: header) == Cookies(from: [header])["atrium_session"]?.value, "\(header)")
        }
    }

    @Test func theSessionTokenIsFoundAmongCookieFieldsAsHummingbirdSplitsThem() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .cookie, value: "theme=dark"))
        fields.append(HTTPField(name: .accept, value: "text/html"))
        fields.append(HTTPField(name: .cookie, value: "atrium_session=abc"))
        fields.append(HTTPField(name: .cookie, value: "atrium_session=later"))
        func request(_ fields: HTTPFields) -> PageRequest {
            let request = Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "h", path: "/", headerFields: fields), body: .init(buffer: .init()))
            return PageAdapter.pageRequest(request, context: AtriumRequestContext(logger: Logger(label: "test")))
        }
        #expect(SessionCookie(isSecure: false).token(in: request(fields)) == "abc")
        var joined = HTTPFields()
        joined.append(HTTPField(name: .cookie, value: "theme=dark; atrium_session=abc"))
        #expect(SessionCookie(isSecure: false).token(in: request(joined)) == "abc")
        #expect(SessionCookie(isSecure: false).token(in: request([:])) == nil)
    }

    @Test func aFieldsValueIsReadWithoutJoiningOneAndJoinedWhenSentTwice() {
        var fields = HTTPFields()
        #expect(fields.value(of: .accept) == nil)
        fields.append(HTTPField(name: .accept, value: "text/html"))
        fields.append(HTTPField(name: .userAgent, value: "probe"))
        #expect(fields.value(of: .accept) == "text/html")
        fields.append(HTTPField(name: .accept, value: "application/json"))
        #expect(fields.value(of: .accept) == "text/html, application/json")
        #expect(fields.value(of: .accept) == fields[.accept])
    }

    @Test func aPeersAddressIsWrittenAsNIOWritesIt() throws {
        for text in ["127.0.0.1", "0.0.0.0", "255.255.255.255", "10.200.3.45", "192.168.100.9", "1.22.133.4"] {
            let address = try SocketAddress(ipAddress: text, port: 80)
            #expect(AtriumRequestContext.text(of: address) == text)
            #expect(AtriumRequestContext.text(of: address) == address.ipAddress)
        }
        let v6 = try SocketAddress(ipAddress: "2001:db8::1", port: 80)
        #expect(AtriumRequestContext.text(of: v6) == v6.ipAddress)
    }

    @Test func aPathSegmentIsPercentDecodedOnlyWhenItHasAPercent() {
        #expect(RouteValues.decoded("plain-2") == "plain-2")
        #expect(RouteValues.decoded("a+b") == "a+b")
        #expect(RouteValues.decoded("caf%C3%A9") == "café")
        #expect(RouteValues.decoded("50%25") == "50%")
        #expect(RouteValues.decoded("%ZZ") == nil)
        #expect(RouteValues.decoded("%FF") == nil, "not UTF-8")
        #expect(RouteValues.decoded("ü€") == "ü€")
    }

    @Test func theSessionCookieIsWrittenAsHummingbirdsCookieWritesIt() {
        for isSecure in [false, true] {
            let written = SessionCookie(isSecure: isSecure).setCookie(token: "v1.abc-_", maxAge: 2_592_000)
            let expected = Cookie(
                name: "atrium_session", value: "v1.abc-_", maxAge: 2_592_000, path: "/", secure: isSecure, httpOnly: true, sameSite: .lax)
            // The same cookie and attributes (Hummingbird's table keeps them in no fixed order).
            let parts = { (text: String) in text.split(separator: "; ").map(String.init) }
            #expect(parts(written).first == parts(expected.description).first)
            #expect(Set(parts(written)) == Set(parts(expected.description)), "\(written) vs \(expected.description)")
        }
        #expect(
            SessionCookie(isSecure: false).setCookie(for: .set(token: "t", maxAge: 60))
                == "atrium_session=t; Max-Age=60; Path=/; HttpOnly; SameSite=Lax")
        #expect(SessionCookie(isSecure: false).setCookie(for: nil) == nil)
        #expect(SessionCookie(isSecure: true).setCookie(for: .clear)?.hasPrefix("atrium_session=; Max-Age=0;") == true)
    }

    @Test func aKeptNegotiationIsTheOneRead() {
        // The memo keeps each outcome packed into one integer: every format and schema comes back
        // as read, the first time and when kept.
        let expected: [(String, ResponseFormat.Negotiated)] = [
            ("text/html", .init(preferred: .html, document: .html)),
            ("application/json", .init(preferred: .json, document: .json)),
            ("text/plain", .init(preferred: .text, document: .text)),
            ("application/json; schema=1", .init(preferred: .json, document: .json, schema: 1)),
            ("text/event-stream;schema=3, text/html;q=0.5", .init(preferred: .eventStream, document: .html, schema: 3)),
            ("text/event-stream, text/plain;q=0.9", .init(preferred: .eventStream, document: .text)),
            ("application/json;schema=123456789", .init(preferred: .json, document: .json, schema: 123_456_789)),
        ]
        for (header, outcome) in expected {
            #expect(ResponseFormat.negotiate(header) == outcome, "\(header)")
            #expect(ResponseFormat.negotiate(header) == outcome, "\(header), kept")
        }
        // A schema past any version there will be is read as the largest kept (answered as the
        // current one either way).
        let huge = ResponseFormat.negotiate("application/json;schema=9223372036854775807")
        #expect(huge.schema == ResponseFormat.Negotiated.largestSchema)
        #expect(huge.answeredSchema == ResponseFormat.negotiate("application/json").answeredSchema)
    }

    @Test func distinctAcceptHeadersPastTheLimitAreStillReadButNotKept() {
        for index in 0..<(ResponseFormat.memoizedHeaders + 50) {
            let json = index.isMultiple(of: 2)
            let accept = json ? "application/json;q=0.\(index % 9 + 1), x-probe/\(index)" : "text/plain, x-probe/\(index)"
            #expect(ResponseFormat.negotiate(accept).preferred == (json ? .json : .text), "\(accept)")
        }
        #expect(ResponseFormat.memoizedCount <= ResponseFormat.memoizedHeaders)
        let long = "text/plain, " + String(repeating: "x-long/y, ", count: 100)
        #expect(ResponseFormat.negotiate(long).preferred == .text)
        #expect(ResponseFormat.negotiate(" \t application/json \t ;  q=1 ").preferred == .json)
    }

    @Test func aLinkNameNothingBindsIsFoundAtBoot() async throws {
        struct Linker: AtriumModule {
            static let manifest = ModuleManifest(id: "linker", title: "Linker", version: "1", links: ["profile"])
            func register(in registrar: ModuleRegistrar, configuration: EmptyConfiguration) async throws {}
        }
        do {
            let host = try await TestHost.boot(modules: [Linker.self], configuration: "modules: [linker]\n")
            host.tearDown()
            Issue.record("an unbound link name was accepted")
        } catch let error as ConfigurationError {
            #expect(
                error.problems.map(\.description) == [
                    "linker: no enabled module binds the route name 'profile' — enable the module that binds it; no enabled module names a page yet"
                ])
        }
    }

    @Test func securityHeadersAreOnEveryResponse() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\n  settingsRoute: sign-in\n")
        defer { host.tearDown() }
        try await host.run { browser in
            for path in ["/", "/notes", "/no/such/page", "/assets/atrium.css", "/health/live", "/notes/private"] {
                let page = try await browser.get(path)
                #expect(page.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(path)")
                #expect(page.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(path)")
            }
        }
    }
}
