import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

@Suite("Signing in with a one-time code")
struct CodeSignInHostTests {
    static func host(_ extra: String = "", directory: URL? = nil, services: TestServices = TestServices()) async throws -> TestHost {
        try await TestHost.boot(
            modules: [LoginModule.self], configuration: "modules: [login]\nlogin:\n  sessionDays: 7\n\(extra)", directory: directory,
            services: services)
    }

    /// A remote verifier like the original sandbox: 200 `{"status": "ok"}` for 1234 only, else 401.
    static func originalSandbox(_ request: StubHTTPServer.Received) -> StubHTTPServer.Reply {
        request.body == #"{"code":"1234"}"# ? .init(body: #"{"status": "ok"}"#) : .init(status: 401, body: "unauthorized", contentType: "text/plain")
    }

    static func remote(_ stub: StubHTTPServer, timeout: Int = 10) -> String {
        "  code:\n    verifier: remote\n    url: \(stub.baseURL)/login\n    timeoutSeconds: \(timeout)\n"
    }

    /// Signs Ada up in a browser of her own and signs her out, so the account exists.
    static func createAda(_ host: TestHost, _ browser: TestBrowser) async throws {
        let ada = browser.anotherVisitor()
        _ = try await ada.get("/signup")
        let created = try await ada.post(
            "/signup", form: ["fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"])
        #expect(created.status == 303)
    }

    static func askForCode(_ browser: TestBrowser, email: String = "ada@example.com", returnTo: String? = nil) async throws -> TestPage {
        let query = returnTo.map { "?returnTo=\($0)" } ?? ""
        _ = try await browser.get("/login/code\(query)")
        return try await browser.postForScreen("/login/code\(query)", form: ["email": email])
    }

    // MARK: The original's screen

    @Test func theScreenIsTheOriginalsWithItsInputRules() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.getScreen("/otp")
            #expect(page.status == 200)
            let screen = try page.screen
            #expect(screen.title == "Please enter your OTP")
            let code = try #require(screen.field(named: "code"))
            #expect(code.kind == .code && code.label == "4 DIGIT CODE" && code.maxLength == 4 && code.placeholder == "Enter OTP" && code.isRequired)
            #expect(screen.button(titled: "Submit OTP")?.busyTitle == "Logging you in ...")
            for code in ["", "12", "12345", "12a4", "١٢٣٤", "12 4"] {
                let refused = try await browser.postForScreen("/otp", form: ["code": code])
                #expect(refused.status == 422, "\(code)")
                #expect(try refused.screen.field(named: "code")?.error == "Enter the 4 digits of your code.")
            }
        }
    }

    @Test func theLengthFollowsTheConfiguration() async throws {
        let host = try await Self.host("  code:\n    length: 6\n")
        defer { host.tearDown() }
        try await host.run { browser in
            let code = try await browser.getScreen("/otp").screen.field(named: "code")
            #expect(code?.label == "6 DIGIT CODE" && code?.maxLength == 6)
            #expect(try await browser.post("/otp", form: ["code": "1234"]).status == 422)
        }
    }

    @Test func theRewardIsOnlyForACodeThatWasAccepted() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let reward = try await browser.get("/reward")
            #expect(reward.location == "/otp")
        }
    }

    // MARK: Remote verifier (the original contract)

    @Test func aRemoteVerifierOfTheOriginalContract() async throws {
        try await StubHTTPServer.with(answering: Self.originalSandbox) { stub in
            let host = try await Self.host(Self.remote(stub))
            defer { host.tearDown() }
            try await host.run { browser in
                #expect(try await browser.get("/login/code").status == 404, "no codes to ask for with a remote verifier")
                _ = try await browser.get("/otp")
                let wrong = try await browser.postForScreen("/otp", form: ["code": "8282"])
                #expect(wrong.status == 401)
                #expect(try wrong.screen.mentions("INVALID CODE"))
                let right = try await browser.post("/otp", form: ["code": "1234"])
                #expect(right.location == "/reward")
                let reward = try await browser.getScreen("/reward").screen
                #expect(
                    reward.title == "Reward"
                        && reward.nodes.contains { if case .animation(let animation) = $0 { animation.name == "reward" } else { false } })
                #expect(reward.link(titled: "Enter another code")?.target == OTPScene.page(), "a way back to the code screen")
                #expect(try await browser.get("/profile").location?.hasPrefix("/login") == true, "the remote check signs nobody in")
            }
            #expect(stub.requests.map(\.body) == [#"{"code":"8282"}"#, #"{"code":"1234"}"#])
            #expect(stub.requests.allSatisfy { $0.method == "POST" && $0.path == "/login" && $0.headers["content-type"] == "application/json" })
        }
    }

    @Test(arguments: [
        (StubHTTPServer.Reply(status: 500, body: "boom", contentType: "text/plain"), OTPScene.somethingWrong),
        (StubHTTPServer.Reply(status: 403, body: "forbidden", contentType: "text/plain"), OTPScene.somethingWrong),
        (StubHTTPServer.Reply(body: #"{"status": "nope"}"#), OTPScene.somethingWrong),
        (StubHTTPServer.Reply(body: "not json", contentType: "text/plain"), OTPScene.somethingWrong),
        (StubHTTPServer.Reply(body: #"{"status": "ok"}"#, delay: .seconds(3)), OTPScene.networkProblem),
    ])
    func eachOtherAnswerHasItsMessage(_ reply: StubHTTPServer.Reply, _ message: Wording) async throws {
        try await StubHTTPServer.with(["/login": reply]) { stub in
            // A short timeout only where the test waits for it: a busy machine answers slowly.
            let host = try await Self.host(Self.remote(stub, timeout: reply.delay > .zero ? 1 : 10))
            defer { host.tearDown() }
            try await host.run { browser in
                _ = try await browser.get("/otp")
                let page = try await browser.postForScreen("/otp", form: ["code": "1234"])
                #expect(page.status == 503)
                #expect(try page.screen.mentions(message.text))
            }
        }
    }

    @Test func aVerifierThatCannotBeReachedIsANetworkProblem() async throws {
        let host = try await Self.host("  code:\n    verifier: remote\n    url: http://127.0.0.1:9/login\n")
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/otp")
            let page = try await browser.postForScreen("/otp", form: ["code": "1234"])
            #expect(page.status == 503)
            #expect(try page.screen.mentions("Oops. Please check network connection."))
        }
    }

    // MARK: Issued codes

    @Test func anIssuedCodeSignsTheAccountInAndTheRewardContinues() async throws {
        let services = TestServices()
        let host = try await Self.host(services: services)
        defer { host.tearDown() }
        try await host.run { browser in
            try await Self.createAda(host, browser)
            let login = try await browser.getScreen("/login").screen
            #expect(login.link(titled: "Sign in with a code")?.target == .path("/login/code"))
            services.random.script(digits: "4821")
            let asked = try await Self.askForCode(browser, returnTo: "/profile/details")
            #expect(asked.location == "/otp?returnTo=/profile/details")
            let otp = try await browser.getScreen("/otp?returnTo=/profile/details").screen
            #expect(otp.mentions("If an account has this email, a code is on its way. It works for 10 minutes."))
            let wrong = try await browser.postForScreen("/otp?returnTo=/profile/details", form: ["code": "0000"])
            #expect(try wrong.status == 401 && wrong.screen.mentions("INVALID CODE"))
            let cookieBefore = browser.cookies
            let right = try await browser.post("/otp?returnTo=/profile/details", form: ["code": "4821"])
            #expect(right.location == "/reward")
            #expect(browser.cookies != cookieBefore, "the session id rotates, as at every sign-in")
            let reward = try await browser.getScreen("/reward").screen
            #expect(reward.mentions("You are signed in."))
            #expect(reward.link(titled: "Continue")?.target == .path("/profile/details"), "the button continues to the page that asked")
            #expect(try await browser.get("/profile/details").status == 200, "signed in")

            // The code worked once.
            let other = browser.anotherVisitor()
            _ = try await other.get("/login/code")
            _ = try await other.post("/login/code", form: ["email": "ada@example.com"])
            // (That asked for a new code; the old one is gone either way.)
            _ = try await other.get("/otp")
            #expect(try await other.postForScreen("/otp", form: ["code": "4821"]).screen.mentions("INVALID CODE"))
        }
    }

    @Test func withoutAReturnAddressTheRewardContinuesHome() async throws {
        let services = TestServices()
        let host = try await Self.host(services: services)
        defer { host.tearDown() }
        try await host.run { browser in
            try await Self.createAda(host, browser)
            services.random.script(digits: "1357")
            _ = try await Self.askForCode(browser)
            _ = try await browser.get("/otp")
            #expect(try await browser.post("/otp", form: ["code": "1357"]).location == "/reward")
            #expect(try await browser.getScreen("/reward").screen.link(titled: "Continue")?.target == .path("/profile"))
        }
    }

    @Test func anExpiredCodeAndAFiveTimesWrongCodeAreRefused() async throws {
        let services = TestServices()
        let host = try await Self.host(services: services)
        defer { host.tearDown() }
        try await host.run { browser in
            try await Self.createAda(host, browser)
            services.random.script(digits: "2468")
            _ = try await Self.askForCode(browser)
            services.clock.advance(minutes: 10.5)
            _ = try await browser.get("/otp")
            #expect(try await browser.postForScreen("/otp", form: ["code": "2468"]).screen.mentions("INVALID CODE"), "expired")

            // A day later (so the wrong code above no longer slows the account down).
            services.clock.advance(minutes: 24 * 60)
            services.random.script(digits: "1357")
            _ = try await Self.askForCode(browser)
            _ = try await browser.get("/otp")
            for (wrong, wait) in [("0001", 0.0), ("0002", 0), ("0003", 0), ("0004", 1), ("0005", 2)] {
                services.clock.advance(minutes: wait)
                #expect(try await browser.post("/otp", form: ["code": wrong]).status == 401, "\(wrong)")
            }
            let paced = try await browser.postForScreen("/otp", form: ["code": "1357"])
            #expect(paced.status == 429, "five wrong codes for the account: it waits 4 minutes now")
            #expect(try paced.screen.mentions("Too many tries. Please wait 4 minutes and try again."))
            services.clock.advance(minutes: 4)
            let late = try await browser.post("/otp", form: ["code": "1357"])
            #expect(late.status == 401, "the code died after 5 wrong tries")
            _ = try await browser.get("/login")
            let password = try await browser.post("/login", form: ["email": "ada@example.com", "password": "correct horse battery"])
            #expect(password.status == 303, "the account's password sign-in is never slowed")
        }
    }

    @Test func anUnknownEmailGetsTheSameAnswerAndNoCode() async throws {
        try await StubHTTPServer.with(["/send": .init(body: "{}")]) { stub in
            let services = TestServices()
            let host = try await Self.host("  code:\n    delivery: webhook\n    webhookURL: \(stub.baseURL)/send\n", services: services)
            defer { host.tearDown() }
            try await host.run { browser in
                try await Self.createAda(host, browser)
                services.random.script(digits: "9753")
                let unknown = try await Self.askForCode(browser, email: "nobody@example.com")
                let known = try await Self.askForCode(browser.anotherVisitor(), email: "ada@example.com")
                #expect(unknown.status == known.status && unknown.location == known.location)
                _ = try await browser.get("/otp")
                #expect(try await browser.postForScreen("/otp", form: ["code": "9753"]).screen.mentions("INVALID CODE"))
                let bad = try await Self.askForCode(browser, email: "not an email")
                #expect(try bad.status == 422 && bad.screen.field(named: "email")?.error == "Enter an email address such as name@example.com.")
            }
            #expect(stub.requests.count == 1, "only the account's email got a code")
            let message = try #require(stub.requests.first)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(message.body.utf8)) as? [String: String])
            #expect(body["to"] == "ada@example.com" && body["code"] == "9753")
            #expect(body["expiresAt"].flatMap { try? Date($0, strategy: .iso8601) } != nil)
            #expect(message.headers["content-type"] == "application/json")
        }
    }

    @Test func theCodesMessageIsInTheLanguageOfThePageItWasAskedFrom() async throws {
        try await StubHTTPServer.with(["/send": .init(body: "{}")]) { stub in
            let services = TestServices()
            let host = try await Self.host(
                "  code:\n    delivery: webhook\n    webhookURL: \(stub.baseURL)/send\nlocalization:\n  languages: [en, es]\n", services: services)
            defer { host.tearDown() }
            try await host.run { browser in
                try await Self.createAda(host, browser)
                let grace = browser.anotherVisitor()
                _ = try await grace.get("/signup")
                _ = try await grace.post(
                    "/signup", form: ["fullName": "Grace Hopper", "email": "grace@example.com", "password": "correct horse battery"])
                services.random.script(digits: "2468")
                _ = try await Self.askForCode(browser.anotherVisitor(), email: "ada@example.com")
                let spanish = browser.anotherVisitor()
                spanish.setCookie("atrium_language", "es")
                services.random.script(digits: "1357")
                let asked = try await Self.askForCode(spanish, email: "grace@example.com")
                #expect(asked.status == 303 || asked.status == 200)
            }
            let bodies = try stub.requests.map { try #require(try JSONSerialization.jsonObject(with: Data($0.body.utf8)) as? [String: String]) }
            #expect(bodies.count == 2)
            let english = try #require(bodies.first { $0["to"] == "ada@example.com" })
            #expect(english["language"] == "en" && english["text"] == "Your Atrium sign-in code is 2468. It works for 10 minutes.")
            let spanish = try #require(bodies.first { $0["to"] == "grace@example.com" })
            #expect(spanish["language"] == "es" && spanish["text"] == "Tu código para iniciar sesión en Atrium es 1357. Sirve durante 10 minutos.")
            #expect(spanish["code"] == "1357", "the wire's fields are never translated")
        }
    }

    @Test func aFailingWebhookIsAClearMessage() async throws {
        try await StubHTTPServer.with(["/send": .init(status: 502, body: "bad gateway", contentType: "text/plain")]) { stub in
            let host = try await Self.host("  code:\n    delivery: webhook\n    webhookURL: \(stub.baseURL)/send\n")
            defer { host.tearDown() }
            try await host.run { browser in
                try await Self.createAda(host, browser)
                let page = try await Self.askForCode(browser)
                #expect(page.status == 503)
                #expect(try page.screen.mentions("The code could not be sent just now. Please try again in a few minutes."))
            }
        }
    }

    // MARK: Brute force

    @Test func tenFailedCodesPerAddressThenNoMoreReachTheVerifierAcrossSessionsAndRestarts() async throws {
        try await StubHTTPServer.with(answering: Self.originalSandbox) { stub in
            let directory = FileManager.default.temporaryDirectory.appending(path: "atrium-code-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let first = try await Self.host(Self.remote(stub), directory: directory)
            try await first.run { browser in
                for index in 0..<10 {
                    let visitor = browser.anotherVisitor()  // a fresh session each time
                    _ = try await visitor.get("/otp")
                    #expect(try await visitor.post("/otp", form: ["code": String(format: "%04d", 5000 + index)]).status == 401)
                }
                let visitor = browser.anotherVisitor()
                _ = try await visitor.get("/otp")
                let blocked = try await visitor.postForScreen("/otp", form: ["code": "1234"])
                #expect(blocked.status == 429)
                #expect(try blocked.screen.mentions("Too many tries. Please wait 15 minutes and try again."))
            }
            try first.storage.close()
            #expect(stub.requests.count == 10, "the eleventh never reached the verifier")

            let second = try await Self.host(Self.remote(stub), directory: directory)
            defer { second.tearDown() }
            try await second.run { browser in
                _ = try await browser.get("/otp")
                #expect(try await browser.post("/otp", form: ["code": "1234"]).status == 429, "the count survives a restart")
            }
            #expect(stub.requests.count == 10)
        }
    }

    /// Thirty wrong codes at once from one address: never more than ten reach the verifier. A try
    /// whose check could not be made (the verifier did not answer in time, as on a machine busy
    /// with the whole suite) gives its slot back, so then fewer than ten may have reached it.
    @Test func parallelTriesCannotSlipPastTheThrottle() async throws {
        try await StubHTTPServer.with(answering: Self.originalSandbox) { stub in
            let host = try await Self.host(Self.remote(stub, timeout: 60))
            defer { host.tearDown() }
            let statuses = try await host.run { browser in
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<30 {
                        group.addTask {
                            let visitor = browser.anotherVisitor()
                            _ = try await visitor.get("/otp")
                            return try await visitor.post("/otp", form: ["code": String(format: "%04d", 6000 + index)]).status
                        }
                    }
                    return try await group.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
                }
            }
            #expect(Set(statuses.keys).isSubset(of: [401, 429, 503]), "\(statuses)")
            #expect(stub.requests.count <= 10, "\(statuses)")
            #expect(statuses[401, default: 0] <= 10 && statuses[401, default: 0] >= 1, "\(statuses)")
            #expect(statuses[429, default: 0] >= 1, "the throttle refused the rest: \(statuses)")
            if statuses[503] == nil {
                #expect(stub.requests.count == 10 && statuses[401] == 10, "\(statuses)")
            }
        }
    }

    @Test(arguments: [
        ("  code:\n    verifier: remote\n", "login.code.url"), ("  code:\n    length: 3\n", "login.code.length"),
        ("  code:\n    delivery: webhook\n", "login.code.webhookURL"), ("  code:\n    verifier: remote\n    url: ftp://x\n", "login.code.url"),
        ("  code:\n    expiryMinutes: 0\n", "login.code.expiryMinutes"),
    ])
    func aBadCodeSettingIsRefusedAtItsKey(_ yaml: String, _ key: String) async throws {
        do {
            let host = try await Self.host(yaml)
            host.tearDown()
            Issue.record("\(yaml) must be refused")
        } catch let error as ConfigurationError {
            #expect(error.problems.contains { $0.key == key }, "\(error.problems.map(\.key))")
        }
    }
}
