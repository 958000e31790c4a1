import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import Moneybox

@Suite("Moneybox served by the host, against its sandbox")
struct MoneyboxHostTests {
    static let user = ["email": "test+ios@moneyboxapp.com", "password": "P455word12"]

    static func host(_ yaml: String = "modules: [moneybox]\n", directory: URL? = nil, services: TestServices = TestServices()) async throws
        -> TestHost
    {
        try await TestHost.boot(modules: [MoneyboxModule.self], configuration: yaml, directory: directory, services: services)
    }

    /// The path the product page's "Add £10" button posts to (ask for the page with `getScreen`).
    static func paymentPath(in page: TestPage) throws -> String {
        let action = try #require(try page.screen.button(titled: "Add £10")?.action)
        guard case .path(let path) = action else { throw NotAPaymentAddress(action: action) }
        #expect(path.wholeMatch(of: /\/moneybox\/accounts\/\d+\/payments\/[A-Za-z0-9_-]+/) != nil, "\(path)")
        return path
    }

    struct NotAPaymentAddress: Error { let action: LinkTarget }

    /// The amounts a screen shows, as written.
    static func amounts(_ screen: Screen) -> [String] { screen.amounts.map(\.formatted) }

    @Test func callsToTheSavingsServiceAreCountedByOutcomeAndTimed() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/moneybox")
            #expect(try await browser.post("/moneybox/sign-in", form: Self.user).status == 303)
            #expect(try await browser.get("/moneybox/accounts").status == 200)
            _ = try await browser.get("/moneybox")
            let refused = try await browser.post("/moneybox/sign-in", form: ["email": Self.user["email"]!, "password": "wrong"])
            #expect(refused.status != 303)
            let metrics = try await browser.get("/metrics").body
            let ok = try #require(metrics.firstMatch(of: /atrium_remote_requests_total\{module="moneybox",outcome="2xx"\} (\d+)/), "\(metrics)")
            #expect(Int(ok.1)! >= 2, "the sign-in and the accounts")
            #expect(metrics.contains(#"atrium_remote_requests_total{module="moneybox",outcome="4xx"} 1"#), "the wrong password")
            #expect(metrics.contains(#"atrium_remote_request_duration_seconds_count{module="moneybox"}"#))
            #expect(!metrics.contains("P455word12") && !metrics.contains("moneyboxapp.com"))
        }
    }

    /// Found by schemathesis: a malformed payment address or an unknown account answered 503.
    @Test func aPaymentToAMalformedAddressOrAnUnknownAccountIsNotFound() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/moneybox")
            #expect(try await browser.post("/moneybox/sign-in", form: Self.user).status == 303)
            let product = try await browser.getScreen("/moneybox/accounts/8043")
            let key = try #require(try Self.paymentPath(in: product).split(separator: "/").last)
            let malformed = try await browser.postForScreen("/moneybox/accounts/8043/payments/x", form: [:])
            #expect(try malformed.status == 404 && malformed.screen.mentions("This form has expired."))
            let unknown = try await browser.post("/moneybox/accounts/0/payments/\(key)", form: [:])
            #expect(unknown.status == 404)
        }
    }

    @Test func signInSeeTheAccountsAddTenPoundsAndSignOut() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let form = try await browser.getScreen("/moneybox")
            #expect(form.status == 200)
            #expect(try form.screen.field(named: "email")?.label == "Email" && form.screen.field(named: "password")?.label == "Password")
            let signedIn = try await browser.post("/moneybox/sign-in", form: Self.user)
            #expect(signedIn.status == 303)
            #expect(signedIn.location == "/moneybox/accounts")

            let page = try await browser.getScreen("/moneybox/accounts")
            #expect(page.status == 200)
            let accounts = try page.screen
            for text in ["Hello Michael Jordan", "Total plan value", "Stocks & Shares ISA", "Lifetime ISA"] {
                #expect(accounts.shows(text), "\(text)")
            }
            for amount in ["£5,651.96", "£2,958.16", "£30.00", "£2,693.80", "£0.00"] {
                #expect(Self.amounts(accounts).contains(amount), "\(amount)")
            }
            #expect(accounts.nodes.contains { if case .card(let card) = $0 { card.target == .path("/moneybox/accounts/8043") } else { false } })
            #expect(try await browser.get("/moneybox").location == "/moneybox/accounts", "signed in: the sign-in page leads to the accounts")

            let product = try await browser.getScreen("/moneybox/accounts/8043")
            let pay = try Self.paymentPath(in: product)
            let paid = try await browser.post(pay, form: [:])
            #expect(paid.status == 303)
            let result = try #require(paid.location)
            #expect(result.hasPrefix("/moneybox/accounts/8043?paid="))
            let after = try await browser.getScreen(result).screen
            #expect(after.mentions("Added £10.00. Your moneybox is now £40.00."))
            #expect(Self.amounts(after).contains("£2,968.16"))

            // The same form again (a double click, a reload): no second payment, the same result.
            let again = try await browser.post(pay, form: [:])
            #expect(again.location == result)
            #expect(Self.amounts(try await browser.getScreen("/moneybox/accounts").screen).contains("£5,661.96"))

            let signedOut = try await browser.post("/moneybox/sign-out", form: [:])
            #expect(signedOut.location == "/moneybox")
            #expect(try await browser.get("/moneybox/accounts").location == "/moneybox")
        }
    }

    @Test func theSameFormSentInParallelPaysOnce() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/moneybox")
            let signIn = try await browser.post("/moneybox/sign-in", form: Self.user)
            try #require(signIn.location == "/moneybox/accounts", "the sign-in answered \(signIn.status): \(signIn.body.prefix(300))")
            let pay = try Self.paymentPath(in: try await browser.getScreen("/moneybox/accounts/8044"))
            let token = try #require(browser.lastCSRFToken)
            let locations = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<6 { group.addTask { try await browser.post(pay, form: [:], csrfToken: token).location } }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(Set(locations).count == 1)
            let accounts = Self.amounts(try await browser.getScreen("/moneybox/accounts").screen)
            #expect(accounts.contains("£2,703.80"), "one £10 on the Lifetime ISA")
            #expect(accounts.contains("£5,661.96"))
        }
    }

    @Test func refusedAndEmptySignInsSayWhy() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/moneybox")
            let wrong = try await browser.postForScreen("/moneybox/sign-in", form: ["email": "test+ios@moneyboxapp.com", "password": "nope"])
            #expect(wrong.status == 401)
            #expect(try wrong.screen.mentions("Incorrect email address or password. Please check and try again."))
            #expect(try wrong.screen.field(named: "email")?.value == "test+ios@moneyboxapp.com")
            let empty = try await browser.postForScreen("/moneybox/sign-in", form: [:])
            #expect(empty.status == 422)
            #expect(try empty.screen.field(named: "email")?.error == "Enter your email.")
            #expect(try empty.screen.field(named: "password")?.error == "Enter your password.")
            let huge = try await browser.postForScreen("/moneybox/sign-in", form: ["email": "a@b.c", "password": String(repeating: "é", count: 65)])
            #expect(huge.status == 422)
            #expect(try huge.screen.mentions("A password has at most 128 bytes."))
            for _ in 0..<5 { _ = try await browser.post("/moneybox/sign-in", form: ["email": "x@y.z", "password": "guess"]) }
            let throttled = try await browser.postForScreen("/moneybox/sign-in", form: ["email": "x@y.z", "password": "guess"])
            #expect(throttled.status == 429)
            #expect(try throttled.screen.mentions("Too many failed attempts. Please wait 15 minutes and try again."))
        }
    }

    @Test func tokensSlideAndAnExpiredOneSendsThePersonToSignInWithTheAPIsMessage() async throws {
        let services = TestServices()
        let host = try await Self.host(services: services)
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/moneybox")
            _ = try await browser.post("/moneybox/sign-in", form: Self.user)
            services.clock.advance(minutes: 4)
            #expect(try await browser.get("/moneybox/accounts").status == 200)
            services.clock.advance(minutes: 4)
            #expect(try await browser.get("/moneybox/accounts").status == 200, "each use moves the expiry 5 minutes on")
            services.clock.advance(minutes: 5.5)
            let expired = try await browser.get("/moneybox/accounts")
            #expect(expired.location == "/moneybox")
            let signIn = try await browser.getScreen("/moneybox")
            #expect(signIn.status == 200)
            #expect(try signIn.screen.mentions("Your session has expired. Please close the app and log in again."))
            #expect(!(try await browser.getScreen("/moneybox").screen.mentions("Your session has expired")), "the message shows once")
            #expect(try await browser.get("/moneybox/accounts").location == "/moneybox", "the stored session is gone")
        }
    }

    @Test func theSandboxSpeaksTheContract() async throws {
        let services = TestServices()
        let host = try await Self.host(services: services)
        defer { host.tearDown() }
        try await host.run { browser in
            let noAppID = try await browser.send(
                "/moneybox/sandbox/users/login", method: .post, headers: [.contentType: "application/json"],
                body: #"{"Email":"test+ios@moneyboxapp.com","Password":"P455word12","Idfa":"x"}"#)
            #expect(noAppID.status == 400)
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(noAppID.body.utf8)) as? [String: Any])
            #expect(problem["Name"] is String && problem["Message"] is String && problem["ValidationErrors"] is [Any])

            var headers: HTTPFields = [.contentType: "application/json"]
            headers[HTTPField.Name("AppId")!] = "8cb2237d0679ca88db6464"
            headers[HTTPField.Name("appVersion")!] = "7.10.0"
            headers[HTTPField.Name("apiVersion")!] = "3.0.0"
            let login = try await browser.send(
                "/moneybox/sandbox/users/login", method: .post, headers: headers,
                body: #"{"Email":"test+ios@moneyboxapp.com","Password":"P455word12","Idfa":"x"}"#)
            #expect(login.status == 200)
            let answer = try MoneyboxWire.decoder().decode(MoneyboxWire.LoginResponse.self, from: Data(login.body.utf8))
            #expect(answer.user.firstName == "Michael" && answer.user.lastName == "Jordan")

            let anonymous = try await browser.send("/moneybox/sandbox/investorproducts", method: .get, headers: headers)
            #expect(anonymous.status == 401)
            #expect(anonymous.body.contains("Your session has expired. Please close the app and log in again."))
            headers[.authorization] = "Bearer \(answer.session.bearerToken)"
            let products = try await browser.send("/moneybox/sandbox/investorproducts", method: .get, headers: headers)
            #expect(products.status == 200)
            let portfolio = try MoneyboxWire.decoder().decode(MoneyboxWire.ProductsResponse.self, from: Data(products.body.utf8))
            #expect(portfolio.totalPlanValue == Decimal(string: "5651.96"))
            #expect(portfolio.productResponses.map(\.product?.friendlyName) == ["Stocks & Shares ISA", "Lifetime ISA"])

            for body in [
                #"{"Amount": 0, "InvestorProductId": 8043}"#, #"{"Amount": 10.001, "InvestorProductId": 8043}"#,
                #"{"Amount": 20000.01, "InvestorProductId": 8043}"#, #"{"Amount": -10, "InvestorProductId": 8043}"#,
            ] {
                #expect(
                    try await browser.send("/moneybox/sandbox/oneoffpayments", method: .post, headers: headers, body: body).status == 400, "\(body)")
            }
            #expect(
                try await browser.send(
                    "/moneybox/sandbox/oneoffpayments", method: .post, headers: headers, body: #"{"Amount": 10, "InvestorProductId": 1}"#
                ).status == 404)
            let paid = try await browser.send(
                "/moneybox/sandbox/oneoffpayments", method: .post, headers: headers, body: #"{"Amount": 10, "InvestorProductId": 8043}"#)
            #expect(paid.status == 200)
            #expect(try MoneyboxWire.decoder().decode(MoneyboxWire.PaymentResponse.self, from: Data(paid.body.utf8)).moneybox == 40)

            services.clock.advance(minutes: 5.1)
            let late = try await browser.send("/moneybox/sandbox/investorproducts", method: .get, headers: headers)
            #expect(late.status == 401)
            let expired = try MoneyboxWire.decoder().decode(MoneyboxWire.ErrorResponse.self, from: Data(late.body.utf8))
            #expect(expired.name == "Bearer token expired")
            #expect(expired.message == "Your session has expired. Please close the app and log in again.")

        }
    }

    /// The sandbox's headers of the contract, signed in as the test investor when `signedIn`.
    static func sandboxHeaders(_ browser: TestBrowser, signedIn: Bool) async throws -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[HTTPField.Name("AppId")!] = "8cb2237d0679ca88db6464"
        headers[HTTPField.Name("appVersion")!] = "7.10.0"
        headers[HTTPField.Name("apiVersion")!] = "3.0.0"
        guard signedIn else { return headers }
        let login = try await browser.send(
            "/moneybox/sandbox/users/login", method: .post, headers: headers,
            body: #"{"Email":"test+ios@moneyboxapp.com","Password":"P455word12","Idfa":"x"}"#)
        let answer = try MoneyboxWire.decoder().decode(MoneyboxWire.LoginResponse.self, from: Data(login.body.utf8))
        headers[.authorization] = "Bearer \(answer.session.bearerToken)"
        return headers
    }

    @Test func aSandboxPaymentNamedWithAnIdempotencyKeyIsMadeOnce() async throws {
        let host = try await Self.host(services: TestServices())
        defer { host.tearDown() }
        try await host.run { browser in
            let headers = try await Self.sandboxHeaders(browser, signedIn: true)
            // A payment named with an Idempotency-Key is made once: a repeat answers the first answer.
            var keyed = headers
            keyed[HTTPField.Name("Idempotency-Key")!] = "key-0123456789abcdef"
            let payment = #"{"Amount": 10, "InvestorProductId": 8043}"#
            for _ in 0..<3 {
                let repeated = try await browser.send("/moneybox/sandbox/oneoffpayments", method: .post, headers: keyed, body: payment)
                #expect(try MoneyboxWire.decoder().decode(MoneyboxWire.PaymentResponse.self, from: Data(repeated.body.utf8)).moneybox == 40)
            }
            let reused = try await browser.send(
                "/moneybox/sandbox/oneoffpayments", method: .post, headers: keyed, body: #"{"Amount": 20, "InvestorProductId": 8043}"#)
            #expect(reused.status == 422 && reused.body.contains("Idempotency-Key"), "another payment under a used key is refused")
            let unkeyed = try await browser.send("/moneybox/sandbox/oneoffpayments", method: .post, headers: headers, body: payment)
            #expect(try MoneyboxWire.decoder().decode(MoneyboxWire.PaymentResponse.self, from: Data(unkeyed.body.utf8)).moneybox == 50)

        }
    }

    @Test func sandboxSessionsNobodyUsesAreSweptAwayByALaterSignIn() async throws {
        let services = TestServices()
        let host = try await Self.host(services: services)
        defer { host.tearDown() }
        try await host.run { browser in
            let headers = try await Self.sandboxHeaders(browser, signedIn: false)
            // Sessions nobody uses again are swept away by a later sign-in (at most once a minute).
            let shared = host.storage.records(module: "moneybox", owner: .shared)
            let loginBody = #"{"Email":"test+ios@moneyboxapp.com","Password":"P455word12","Idfa":"x"}"#
            for _ in 0..<3 {
                #expect(try await browser.send("/moneybox/sandbox/users/login", method: .post, headers: headers, body: loginBody).status == 200)
            }
            #expect(try await shared.records(SandboxSession.self, in: MoneyboxSandbox.sessions).count >= 3)
            services.clock.advance(minutes: 6)
            #expect(try await browser.send("/moneybox/sandbox/users/login", method: .post, headers: headers, body: loginBody).status == 200)
            let sessions = try await shared.records(SandboxSession.self, in: MoneyboxSandbox.sessions)
            #expect(sessions.count == 1, "only the new session is left")
        }
    }

    @Test func paymentsSurviveARestartAndTheTokenIsNeverInClearInTheDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "atrium-moneybox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await Self.host(directory: directory)
        try await first.run { browser in
            _ = try await browser.get("/moneybox")
            _ = try await browser.post("/moneybox/sign-in", form: Self.user)
            let pay = try Self.paymentPath(in: try await browser.getScreen("/moneybox/accounts/8043"))
            _ = try await browser.post(pay, form: [:])
        }
        let bytes = try await first.storedBytes()
        #expect(!bytes.isEmpty)
        // Every sandbox token is a JWT, which starts "eyJ"; only sealed ones may be stored.
        #expect(bytes.range(of: Data("eyJ".utf8)) == nil)
        try first.storage.close()

        let second = try await Self.host(directory: directory)
        defer { second.tearDown() }
        try await second.run { browser in
            _ = try await browser.get("/moneybox")
            _ = try await browser.post("/moneybox/sign-in", form: Self.user)
            let product = Self.amounts(try await browser.getScreen("/moneybox/accounts/8043").screen)
            #expect(product.contains("£40.00") && product.contains("£2,968.16"))
        }
    }

    @Test func aBaseURLShowsThatServersData() async throws {
        try await StubHTTPServer.with([
            "/api/users/login": .init(body: MoneyboxFixtures.login),
            "/api/investorproducts": .init(body: MoneyboxFixtures.products),
        ]) { stub in
            let host = try await Self.host("modules: [moneybox]\nmoneybox:\n  baseURL: \(stub.baseURL)/api\n")
            defer { host.tearDown() }
            try await host.run { browser in
                _ = try await browser.get("/moneybox")
                _ = try await browser.post("/moneybox/sign-in", form: Self.user)
                let accounts = try await browser.getScreen("/moneybox/accounts").screen
                #expect(accounts.shows("Account 9001"), "the stub's third product")
                #expect(Self.amounts(accounts).contains("£5,651.96"))
                #expect(try await browser.send("/moneybox/sandbox/investorproducts", method: .get).status == 404, "no sandbox with a real API")
            }
            #expect(stub.requests.map(\.path) == ["/api/users/login", "/api/investorproducts"])
        }
    }

    /// Found by trying to break the host: an upstream that sent its head at once and then a byte a
    /// second kept the page open long after its timeout.
    @Test func anAPIThatDripsItsAnswerIsGivenUpAtTheTimeout() async throws {
        try await StubHTTPServer.with([
            "/api/users/login": .init(body: MoneyboxFixtures.login),
            "/api/investorproducts": .init(body: MoneyboxFixtures.products, drip: .seconds(1)),
        ]) { stub in
            // 10 s (the default): the sign-in before must finish within it on a machine busy with every
            // other suite.
            let host = try await Self.host("modules: [moneybox]\nmoneybox:\n  baseURL: \(stub.baseURL)/api\n")
            defer { host.tearDown() }
            try await host.run { browser in
                _ = try await browser.get("/moneybox")
                #expect(try await browser.post("/moneybox/sign-in", form: Self.user).status == 303)
                let started = ContinuousClock.now
                let accounts = try await browser.getScreen("/moneybox/accounts")
                // The products drip for minutes; the page ends near its 10 s timeout (loose bound for
                // loaded machines).
                #expect(ContinuousClock.now - started < .seconds(60))
                #expect(accounts.status == 503)
                #expect(try accounts.screen.mentions("Moneybox did not answer in time. Please try again."))
            }
        }
    }

    @Test func anAPIThatCannotBeReachedShowsAPlainMessageAndARetry() async throws {
        let host = try await Self.host("modules: [moneybox]\nmoneybox:\n  baseURL: http://127.0.0.1:9/\n")
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/moneybox")
            let page = try await browser.postForScreen("/moneybox/sign-in", form: Self.user)
            // A refused connection is known at once: the message is not the timeout's.
            #expect(page.status == 503)
            #expect(try page.screen.mentions("Moneybox could not be reached. Please check your connection and try again."))
            #expect(try page.screen.link(titled: "Try again") != nil)
        }
    }

    @Test(arguments: [("baseURL: ftp://example.com", "moneybox.baseURL"), ("timeoutSeconds: 0", "moneybox.timeoutSeconds")])
    func aBadSettingIsRefusedAtItsKey(_ line: String, _ key: String) async throws {
        do {
            let host = try await Self.host("modules: [moneybox]\nmoneybox:\n  \(line)\n")
            host.tearDown()
            Issue.record("'\(line)' must be refused")
        } catch let error as ConfigurationError {
            #expect(error.problems.contains { $0.key == key })
        }
    }
}
