import Foundation
import Testing

@testable import AtriumClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the kit does with answers a host gives rarely or never on cue: through a scripted transport.
@Suite("The client kit's answers")
struct ClientKitTests {
    static let base = URL(string: "https://atrium.example")!

    static func document(_ title: String, token: String? = nil, content: String = "") -> String {
        let token = token.map { #""csrfToken":"\#($0)","# } ?? ""
        return #"{\#(token)"schema":2,"screen":{"content":[\#(content)],"title":"\#(title)","toolbar":[]}}"#
    }

    @Test func aKindThisKitDoesNotKnowKeepsWhatItHoldsAndNewStylesDecode() throws {
        let json = Self.document(
            "Later",
            content:
                #"{"type":"carousel","speed":3,"content":[{"type":"text","text":"Inside","style":"shouting"}]},{"type":"message","kind":"celebration","text":"Yay"}"#
        )
        let screen = try SceneDocument(data: Data(json.utf8)).screen
        guard case .unknown(let unknown) = screen.content.first else { Issue.record("\(screen.content)"); return }
        #expect(unknown.type == "carousel")
        #expect(screen.mentions("Inside") && screen.mentions("Yay"))
        guard case .text(let text) = unknown.content.first else { Issue.record("\(unknown.content)"); return }
        #expect(text.style.rawValue == "shouting" && text.style != .body)
    }

    @Test func theKitAsksForThePersonsLanguagesInOrderAndReadsTheDocumentsLocale() async throws {
        #expect(AtriumClient.acceptLanguage(["es_MX", "es", "en"]) == "es-MX, es;q=0.9, en;q=0.8")
        #expect(AtriumClient.acceptLanguage([]) == nil)
        #expect(AtriumClient.acceptLanguage(["en\r\nX-Evil: 1", "", "fr"]) == "fr", "only a tag of letters, digits and hyphens goes in a header")
        #expect(AtriumClient.acceptLanguage((0..<20).map { _ in "de" })?.components(separatedBy: ", ").count == 10)
        let spanish = #"{"locale":"es","schema":3,"screen":{"content":[],"title":"Mapa","toolbar":[]}}"#
        let transport = ScriptedTransport([.document(spanish), .document(Self.document("Older host"))])
        let client = AtriumClient(base: Self.base, transport: transport, languages: ["es-MX", "en"])
        let visit = try await client.open("/map")
        #expect(transport.requests[0].value(forHTTPHeaderField: "Accept-Language") == "es-MX, en;q=0.9")
        #expect(visit.document?.locale == "es" && visit.screen?.title == "Mapa")
        let older = try await client.open("/older")
        #expect(older.document?.schema == 2 && older.document?.locale == nil, "a host of version 2 says no locale, and still decodes")
    }

    @Test func aKeptDocumentIsRevalidatedAndShownNotCurrentWhenTheHostIsOutOrUnreachable() async throws {
        let transport = ScriptedTransport([
            .document(Self.document("Accounts"), headers: ["ETag": "\"a1\""]),
            ScriptedTransport.Answer(status: 304, headers: ["ETag": "\"a1\""]),
            .document(Self.document("Down for a moment"), status: 503, headers: ["Retry-After": "5"]),
            ScriptedTransport.Answer(status: 0, failure: URLError(.notConnectedToInternet)),
            .document(Self.document("Accounts, newer"), headers: ["ETag": "\"a2\""]),
        ])
        let client = AtriumClient(base: Self.base, transport: transport)
        let first = try await client.open("/accounts")
        #expect(first.outcome == .shown && first.isCurrent && first.screen?.title == "Accounts")
        #expect(transport.requests[0].value(forHTTPHeaderField: "If-None-Match") == nil)
        #expect(transport.requests[0].value(forHTTPHeaderField: "Accept") == "application/json; schema=4")

        let confirmed = try await client.open("/accounts")
        #expect(transport.requests[1].value(forHTTPHeaderField: "If-None-Match") == "\"a1\"")
        #expect(confirmed.status == 304 && confirmed.outcome == .shown && confirmed.isCurrent && confirmed.screen?.title == "Accounts")

        let out = try await client.open("/accounts")
        #expect(out.outcome == .unavailable(retryAfter: 5) && !out.isCurrent && out.screen?.title == "Accounts", "the kept copy, not current")

        let offline = try await client.refresh()
        #expect(offline.outcome == .offline && !offline.isCurrent && offline.status == 0 && offline.screen?.title == "Accounts")

        let back = try await client.refresh()
        #expect(back.outcome == .shown && back.isCurrent && back.screen?.title == "Accounts, newer")
        #expect(transport.requests[4].value(forHTTPHeaderField: "If-None-Match") == "\"a1\"")

        await #expect(throws: ClientError.self, "nothing kept of an address never shown") { try await client.open("/elsewhere") }
    }

    @Test func throttledAndRefusedAnswersAreOutcomesWithTheirScreens() async throws {
        let transport = ScriptedTransport([
            .document(Self.document("Slow down"), status: 429, headers: ["Retry-After": "60"]),
            .document(Self.document("Sign in"), status: 401),
            .document(Self.document("Fix these"), status: 422),
            ScriptedTransport.Answer(status: 500, headers: ["Content-Type": "text/plain"], chunks: [Data("boom".utf8)]),
        ])
        let client = AtriumClient(base: Self.base, transport: transport)
        let throttled = try await client.open("/login")
        #expect(throttled.outcome == .throttled(retryAfter: 60) && throttled.screen?.title == "Slow down")
        #expect(try await client.open("/login").outcome == .unauthorized)
        #expect(try await client.open("/login").outcome == .invalid)
        let failed = try await client.open("/login")
        #expect(failed.outcome == .failed(status: 500) && failed.document == nil)
    }

    @Test func formsSendTheTokenAndCookiesFollowTheHostAndSigningOutForgetsKeptPages() async throws {
        let form =
            #"{"type":"form","action":{"path":"/login"},"content":[{"type":"field","kind":"email","name":"email","label":"Email","value":"","isRequired":true},{"type":"toggle","name":"keep","label":"Keep me","isOn":true,"value":"yes"},{"type":"button","title":"Sign in","isEnabled":true,"style":"primary"}]}"#
        let transport = ScriptedTransport([
            .document(
                Self.document("Sign in", token: "t1", content: form),
                headers: ["ETag": "\"s\"", "Set-Cookie": "atrium_session=one; Path=/; HttpOnly"]),
            ScriptedTransport.Answer(status: 303, headers: ["Location": "/profile", "Set-Cookie": "atrium_session=two; Path=/; HttpOnly"]),
            .document(Self.document("Profile", token: "t2"), headers: ["ETag": "\"p\""]),
            ScriptedTransport.Answer(
                status: 303, headers: ["Location": "https://id.example/logout", "Set-Cookie": "atrium_session=; Max-Age=0; Path=/"]),
        ])
        let client = AtriumClient(base: Self.base, transport: transport)
        let page = try await client.open("/login")
        let signIn = try #require(page.screen?.form(withInput: "email"))
        await #expect(throws: ClientError.noSuchInput("nickname")) { try await client.submit(signIn, values: ["nickname": "x"]) }
        let send = try #require(page.screen?.button(titled: "Sign in"))
        await #expect(throws: ClientError.noAction("Sign in"), "a button that sends its form is submitted, not pressed") {
            try await client.press(send)
        }
        let profile = try await client.submit(signIn, values: ["email": "ada@example.com"], toggles: [signIn.toggles[0]: false])
        #expect(profile.address == "/profile" && profile.screen?.title == "Profile")
        let post = transport.requests[1]
        #expect(post.httpMethod == "POST" && post.value(forHTTPHeaderField: "X-CSRF-Token") == "t1")
        #expect(post.value(forHTTPHeaderField: "Cookie") == "atrium_session=one")
        #expect(String(decoding: post.httpBody ?? Data(), as: UTF8.self) == "email=ada%40example.com", "the toggle turned off is not sent")
        #expect(transport.requests[2].httpMethod == "GET" && transport.requests[2].value(forHTTPHeaderField: "Cookie") == "atrium_session=two")
        #expect(await client.cookies == ["atrium_session": "two"])

        let out = try await client.submit(SceneNode.Form(action: .path("/logout"), content: [], liveValidation: nil))
        #expect(transport.requests[3].value(forHTTPHeaderField: "X-CSRF-Token") == "t2")
        #expect(out.outcome == .leftSite("https://id.example/logout"))
        #expect(await client.cookies.isEmpty)
        await #expect(throws: ClientError.self, "the signed-in person's kept pages are forgotten") { try await client.open("/profile") }
    }

    @Test func anAnswerLongerThanAnyDocumentIsRefused() async throws {
        let huge = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        let transport = ScriptedTransport([
            ScriptedTransport.Answer(status: 200, headers: ["Content-Type": "application/json"], chunks: Array(repeating: huge, count: 9))
        ])
        let client = AtriumClient(base: Self.base, transport: transport)
        await #expect(throws: ClientError.tooLarge(limit: AtriumClient.documentLimit)) { try await client.open("/") }
    }

    @Test func addressesOnAnotherSiteAreNotOpened() async throws {
        let client = AtriumClient(base: Self.base, transport: ScriptedTransport([]))
        await #expect(throws: ClientError.notOnThisHost("https://evil.example/")) { try await client.open("https://evil.example/") }
        await #expect(throws: ClientError.notOnThisHost("//evil.example/")) { try await client.open("//evil.example/") }
        #expect(try await client.path(of: "https://atrium.example/pilot?x=1") == "/pilot?x=1")
    }

    @Test func eventsAreReadWhateverTheChunksAndLineEnds() throws {
        let text = ": keep-alive\r\nretry: 2500\r\nid: 7\r\nevent: scene\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\nevent: redirect\rdata: /login\r\r"
        var parser = EventStreamParser()
        var events: [EventStreamParser.Event] = []
        for byte in Data(text.utf8) { events += try parser.events(in: Data([byte])) }
        #expect(events == [.init(type: "scene", data: "{\"a\":\n1}", id: "7"), .init(type: "redirect", data: "/login", id: "7")])
        #expect(parser.retry == 2500)
        var small = EventStreamParser(limit: 64)
        #expect(throws: EventStreamParser.TooLong.self) { try small.events(in: Data(("data: " + String(repeating: "x", count: 100)).utf8)) }
    }

    @Test func aDroppedStreamResumesWithTheLastEventID() async throws {
        let first = "id: s1\nevent: scene\ndata: \(Self.document("One"))\n\n"
        // As a host ends a stream whose session ended (SceneEventStream.locationJSON).
        let second = "id: s2\nevent: scene\ndata: \(Self.document("Two"))\n\nevent: redirect\ndata: {\"location\":\"/login?returnTo=/map\"}\n\n"
        let transport = ScriptedTransport([
            ScriptedTransport.Answer(status: 200, headers: ["Content-Type": "text/event-stream"], chunks: [Data(first.utf8)]),
            ScriptedTransport.Answer(status: 0, failure: URLError(.networkConnectionLost)),
            ScriptedTransport.Answer(status: 503, headers: ["Retry-After": "0"]),
            ScriptedTransport.Answer(status: 200, headers: ["Content-Type": "text/event-stream"], chunks: [Data(second.utf8)]),
        ])
        let client = AtriumClient(base: Self.base, transport: transport)
        var updates: [LiveUpdate] = []
        for try await update in client.watch("/map", maximumDelay: .milliseconds(20)) { updates.append(update) }
        #expect(updates.count == 3)
        guard case .scene(let one, "s1") = updates.first, case .scene(let two, "s2") = updates.dropFirst().first else {
            Issue.record("\(updates)")
            return
        }
        #expect(one.screen.title == "One" && two.screen.title == "Two")
        #expect(updates.last == .redirect("/login?returnTo=/map"))
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") } == [nil, "s1", "s1", "s1"])
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "Accept") == "text/event-stream; schema=\(SceneDocument.schema)" })
    }
    /// A client whose store is kept across launches in `folder`, with a scripted transport.
    static func client(_ answers: [ScriptedTransport.Answer], folder: URL) throws -> (AtriumClient, ScriptedTransport) {
        let transport = ScriptedTransport(answers)
        return (AtriumClient(base: base, transport: transport, store: try FileDocumentStore(folder: folder)), transport)
    }

    static func page(_ title: String, tag: String, cookie: String? = nil) -> ScriptedTransport.Answer {
        .document(Self.document(title), headers: ["ETag": tag].merging(cookie.map { ["Set-Cookie": $0] } ?? [:]) { given, _ in given })
    }

    @Test func keptPagesGoWithTheSessionCookieAloneHoweverItArrives() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "atrium-kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let offline = ScriptedTransport.Answer(status: 0, failure: URLError(.notConnectedToInternet))
        // A session appearing where none was: what was kept before it is not this session's.
        let (client, _) = try Self.client(
            [
                Self.page("Public", tag: "\"p\""),
                Self.page("Pantry", tag: "\"a\"", cookie: "atrium_session=one; Path=/; HttpOnly"),
                offline,
                // Another cookie changing (a write's read-your-writes mark, a language) keeps them.
                Self.page("Recipes", tag: "\"r\"", cookie: "atrium_wrote=17.abc; Path=/; HttpOnly"),
                Self.page("Recipes", tag: "\"r2\"", cookie: "atrium_language=es; Path=/"),
                offline, offline,
            ], folder: folder)
        _ = try await client.open("/public")
        _ = try await client.open("/pantry")
        await #expect(throws: ClientError.self, "kept before the session began: forgotten when it came") { try await client.open("/public") }
        _ = try await client.open("/recipes")
        _ = try await client.open("/recipes")
        #expect(try await client.open("/pantry").screen?.title == "Pantry", "atrium_wrote and a language keep the session's pages")
        #expect(try await client.open("/recipes").outcome == .offline)
        let kept = await client.cookies

        // The app starts again and gives back its cookies: the same session keeps its pages.
        let (again, _) = try Self.client([offline, offline], folder: folder)
        await again.restoreCookies(kept)
        let relaunched = try await again.open("/pantry")
        #expect(relaunched.outcome == .offline && relaunched.screen?.title == "Pantry")
        // Another person's cookies restored: nothing of the first person's is shown.
        await again.restoreCookies(["atrium_session": "someone else"])
        await #expect(throws: ClientError.self) { try await again.open("/pantry") }

        // A page that changes the session (signing in) forgets them; so does a live stream's answer.
        let stream = "id: s1\nevent: scene\ndata: \(Self.document("Live"))\n\n"
        let (third, _) = try Self.client(
            [
                Self.page("Map", tag: "\"m\"", cookie: "atrium_session=two; Path=/"),
                ScriptedTransport.Answer(
                    status: 200, headers: ["Content-Type": "text/event-stream", "Set-Cookie": "atrium_session=three; Path=/"],
                    chunks: [Data(stream.utf8)]),
                offline,
            ], folder: folder)
        _ = try await third.open("/map")
        for try await _ in third.watch("/map", maximumDelay: .milliseconds(10)) { break }
        await #expect(throws: ClientError.self, "a stream's answer that changed the session forgot the map") { try await third.open("/map") }
    }

    @Test func theStoresFolderAndFilesAreTheOwnersAlone() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "atrium-kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let (client, _) = try Self.client([Self.page("Pantry", tag: "\"a\"", cookie: "atrium_session=one; Path=/")], folder: folder)
        func permissions(_ url: URL) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        }
        #expect(try permissions(folder) == 0o700, "a folder that existed is tightened")
        _ = try await client.open("/pantry")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(files.count == 2, "the page and whose it is")
        for file in files { #expect(try permissions(file) == 0o600, "\(file.lastPathComponent)") }
    }

    @Test func retryAndRetryAfterAreReadAsTheStandardsSayAndClamped() async throws {
        func parsed(_ line: String) throws -> Int? {
            var parser = EventStreamParser()
            _ = try parser.events(in: Data((line + "\n\n").utf8))
            return parser.retry
        }
        #expect(try parsed("retry: 2500") == 2500)
        #expect(try parsed("retry: -5") == nil && parsed("retry: +5") == nil && parsed("retry: 5.0") == nil && parsed("retry: ") == nil)
        #expect(try parsed("retry: \(String(repeating: "9", count: 40))") == Int.max, "too many digits: the largest, never a trap")
        func retryAfter(_ value: String) -> Int? {
            AtriumClient.retryAfter(HTTPURLResponse(url: Self.base, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": value])!)
        }
        #expect(retryAfter("120") == 120 && retryAfter(" 7 ") == 7)
        #expect(retryAfter("-5") == nil && retryAfter("+5") == nil && retryAfter("1e3") == nil)
        #expect(retryAfter(String(repeating: "9", count: 40)) == Int.max)
        #expect(retryAfter("Sun, 06 Nov 1994 08:49:37 GMT") == 0, "a date past")
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let inAMinute = retryAfter(format.string(from: Date().addingTimeInterval(60)))
        #expect(inAMinute.map { (55...61).contains($0) } == true, "\(String(describing: inAMinute))")

        let longest = Duration.seconds(30)
        #expect(AtriumClient.delay(milliseconds: 0, within: longest) == .seconds(1), "at least the floor")
        #expect(AtriumClient.delay(milliseconds: 1500, within: longest) == .milliseconds(1500))
        #expect(AtriumClient.delay(milliseconds: .max, within: longest) == longest)
        #expect(AtriumClient.delay(seconds: .max, within: longest) == longest)
        #expect(AtriumClient.backOff(.seconds(1), failures: 3, within: longest) == .seconds(8))
        #expect(AtriumClient.backOff(.seconds(Int64.max), failures: .max, within: .seconds(Int64.max)) == .seconds(Int64.max), "no overflow")
    }

    @Test func aStreamAskingForNoWaitIsOpenedAgainNoSoonerThanTheFloor() async throws {
        let failing = "retry: 0\n\n"
        let transport = ScriptedTransport([
            ScriptedTransport.Answer(status: 200, headers: ["Content-Type": "text/event-stream"], chunks: [Data(failing.utf8)]),
            ScriptedTransport.Answer(status: 503, headers: ["Retry-After": "-5"]),
        ])
        let client = AtriumClient(base: Self.base, transport: transport)
        let started = ContinuousClock.now
        let watching = Task { for try await _ in client.watch("/map", maximumDelay: .seconds(5)) {} }
        while transport.requests.count < 3, ContinuousClock.now - started < .seconds(20) { try await Task.sleep(for: .milliseconds(20)) }
        watching.cancel()
        #expect(transport.requests.count >= 3)
        #expect(ContinuousClock.now - started >= .seconds(2), "each reconnection waited at least a second")
    }
}
