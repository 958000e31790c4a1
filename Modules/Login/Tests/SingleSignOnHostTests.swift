import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// The relying party against a small provider the tests control: every check an ID token must
/// pass, PKCE, key rotation, caching. The whole flow against a real provider is in Tests/Browser/test_sso.py.
@Suite("Single sign-on: the relying party's checks")
struct SingleSignOnHostTests {
    static func host(_ provider: TestOpenIDProvider, services: TestServices = TestServices()) async throws -> TestHost {
        provider.useClock(services.clock)
        return try await TestHost.boot(
            modules: [LoginModule.self],
            configuration: """
                modules: [login]
                http:
                  publicURL: https://atrium.example.com
                login:
                  sso:
                    - id: test
                      title: Test ID
                      issuer: \(provider.issuer)
                      clientID: atrium
                      clientSecret: s3cret
                      parameters:
                        connection: google-oauth2

                """,
            services: services)
    }

    /// Starts a sign-in, lets the provider answer with the token `makeToken` signs for the request's
    /// nonce, and follows the callback.
    static func signIn(
        _ browser: TestBrowser, _ provider: TestOpenIDProvider, makeToken: @Sendable (_ nonce: String) async throws -> String
    ) async throws -> TestPage {
        let start = try await browser.get("/login/sso/test")
        let location = try #require(start.location)
        provider.sawAuthorizationRequest(location)
        let query = Dictionary(
            uniqueKeysWithValues: (URLComponents(string: location)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        provider.answerTokenRequests(with: try await makeToken(try #require(query["nonce"])))
        return try await browser.getScreen("/login/sso/test/callback?code=the-code&state=\(try #require(query["state"]))")
    }

    static let alice: [String: TestOpenIDProvider.ClaimValue] = ["email": "alice@example.com", "email_verified": true, "name": "Alice Liddell"]

    @Test func theAuthorizationRequestCarriesEverythingAndPKCEHolds() async throws {
        try await TestOpenIDProvider.with { provider in
            let host = try await Self.host(provider)
            defer { host.tearDown() }
            try await host.run { browser in
                let start = try await browser.get("/login/sso/test?returnTo=/profile/details")
                let location = try #require(start.location)
                #expect(location.hasPrefix("\(provider.issuer)/authorize?"))
                let items = Dictionary(uniqueKeysWithValues: (URLComponents(string: location)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
                #expect(items["response_type"] == "code" && items["client_id"] == "atrium" && items["scope"] == "openid profile email")
                #expect(items["redirect_uri"] == "https://atrium.example.com/login/sso/test/callback", "built from http.publicURL")
                #expect(items["code_challenge_method"] == "S256" && items["connection"] == "google-oauth2")
                provider.sawAuthorizationRequest(location)
                provider.answerTokenRequests(
                    with: try await provider.idToken(subject: "alice", nonce: try #require(items["nonce"]), claims: Self.alice))
                let done = try await browser.get("/login/sso/test/callback?code=the-code&state=\(try #require(items["state"]))")
                #expect(done.location == "/profile/details", "back to the page that asked")
                #expect(provider.pkceHeld, "the verifier sent matches the challenge")
                let token = try #require(provider.stub.requests.first { $0.path == "/token" })
                #expect(token.headers["authorization"] == "Basic " + Data("atrium:s3cret".utf8).base64EncodedString())
                #expect(token.body.contains("grant_type=authorization_code") && token.body.contains("code=the-code"))
                #expect(token.body.contains("redirect_uri=https%3A%2F%2Fatrium.example.com%2Flogin%2Fsso%2Ftest%2Fcallback"))
            }
        }
    }

    @Test(arguments: [
        ("signed by a key the provider never published", "stranger"), ("for another client", "audience"),
        ("with alg none", "none"), ("HS256 under the public key", "hmac"), ("from another issuer", "issuer"),
        ("expired", "expired"), ("issued an hour ahead", "future"), ("with another nonce", "nonce"),
        ("issued to another party", "azp"), ("for several audiences without azp", "audiences"),
    ])
    func anIDTokenThatFailsACheckSignsNobodyIn(_ what: String, _ flaw: String) async throws {
        try await TestOpenIDProvider.with { provider in
            let host = try await Self.host(provider)
            defer { host.tearDown() }
            try await host.run { browser in
                let page = try await Self.signIn(browser, provider) { nonce in
                    switch flaw {
                    case "stranger": try await provider.idToken(subject: "alice", nonce: nonce, claims: Self.alice, signer: .stranger)
                    case "audience": try await provider.idToken(subject: "alice", nonce: nonce, audience: ["someone-else"], claims: Self.alice)
                    case "none": try await provider.idToken(subject: "alice", nonce: nonce, claims: Self.alice, signer: .none)
                    case "hmac": try await provider.idToken(subject: "alice", nonce: nonce, claims: Self.alice, signer: .publicKeyAsHMACSecret)
                    case "issuer": try await provider.idToken(subject: "alice", nonce: nonce, issuer: "https://evil.example", claims: Self.alice)
                    case "expired":
                        try await provider.idToken(subject: "alice", nonce: nonce, issuedAt: Date(timeIntervalSince1970: 0), claims: Self.alice)
                    case "future":
                        try await provider.idToken(subject: "alice", nonce: nonce, issuedAt: Date.distantFuture, claims: Self.alice)
                    case "nonce": try await provider.idToken(subject: "alice", nonce: "not-\(nonce)", claims: Self.alice)
                    case "azp":
                        try await provider.idToken(subject: "alice", nonce: nonce, claims: Self.alice.merging(["azp": "someone-else"]) { $1 })
                    default: try await provider.idToken(subject: "alice", nonce: nonce, audience: ["atrium", "another"], claims: Self.alice)
                    }
                }
                #expect(page.status == 200, "\(what)")
                #expect(try page.screen.mentions("its answer could not be trusted"), "\(what)")
                #expect(try await browser.get("/profile").location?.hasPrefix("/login") == true, "\(what): nothing signed in")
            }
        }
    }

    @Test func aFailedExchangeAndAnErrorAnswerAreRefused() async throws {
        try await TestOpenIDProvider.with { provider in
            let host = try await Self.host(provider)
            defer { host.tearDown() }
            try await host.run { browser in
                let start = try await browser.get("/login/sso/test")
                let state = try #require(URLComponents(string: start.location ?? "")?.queryItems?.first { $0.name == "state" }?.value)
                provider.answerTokenRequests(with: "", status: 400)
                let refused = try await browser.getScreen("/login/sso/test/callback?code=x&state=\(state)")
                #expect(try refused.screen.mentions("its answer could not be trusted"))
                let again = try await browser.getScreen("/login/sso/test/callback?code=x&state=\(state)")
                #expect(try again.screen.mentions("This sign-in has expired or was already used."), "a state works once, even after a failure")
                #expect(try await browser.get("/login/sso/nope").status == 404)
            }
        }
    }

    @Test func aStateExpiresAfterTenMinutesAndBelongsToItsSession() async throws {
        try await TestOpenIDProvider.with { provider in
            let services = TestServices()
            let host = try await Self.host(provider, services: services)
            defer { host.tearDown() }
            try await host.run { browser in
                let start = try await browser.get("/login/sso/test")
                let state = try #require(URLComponents(string: start.location ?? "")?.queryItems?.first { $0.name == "state" }?.value)
                let stranger = try await browser.anotherVisitor().getScreen("/login/sso/test/callback?code=x&state=\(state)")
                #expect(try stranger.screen.mentions("This sign-in has expired or was already used."), "another session cannot finish it")
                services.clock.advance(minutes: 11)
                let late = try await browser.getScreen("/login/sso/test/callback?code=x&state=\(state)")
                #expect(try late.screen.mentions("This sign-in has expired or was already used."))
            }
        }
    }

    @Test func rotatedKeysAreFetchedAgainAndDiscoveryIsCachedAsItSays() async throws {
        try await TestOpenIDProvider.with { provider in
            let services = TestServices()
            let host = try await Self.host(provider, services: services)
            defer { host.tearDown() }
            try await host.run { browser in
                let first = try await Self.signIn(browser, provider) { try await provider.idToken(subject: "alice", nonce: $0, claims: Self.alice) }
                #expect(first.location == "/profile")
                provider.rotateKeys()
                // Within seconds of the last fetch the keys are not fetched again, whatever key a
                // token names: tokens with made-up key ids cannot make the host hammer the provider.
                let early = try await Self.signIn(browser.anotherVisitor(), provider) {
                    try await provider.idToken(subject: "alice", nonce: $0, claims: Self.alice)
                }
                #expect(early.location != "/profile")
                #expect(provider.stub.requests.filter { $0.path == "/jwks" }.count == 1)
                services.clock.advance(seconds: 6)
                let other = browser.anotherVisitor()
                let second = try await Self.signIn(other, provider) { try await provider.idToken(subject: "alice", nonce: $0, claims: Self.alice) }
                #expect(second.location == "/profile", "a token under the new key is accepted once the keys are fetched again")
                let paths = provider.stub.requests.map(\.path)
                #expect(paths.filter { $0 == "/.well-known/openid-configuration" }.count == 1, "max-age=600 keeps the document")
                #expect(paths.filter { $0 == "/jwks" }.count == 2, "fetched again for the unknown kid")

                services.clock.advance(minutes: 11)
                _ = try await browser.anotherVisitor().get("/login/sso/test")
                #expect(provider.stub.requests.filter { $0.path == "/.well-known/openid-configuration" }.count == 2, "and fetched again after it")
            }
        }
    }

    @Test func aDiscoveryDocumentForAnotherIssuerIsRefused() async throws {
        try await TestOpenIDProvider.with { provider in
            provider.announceIssuer("https://evil.example")
            let host = try await Self.host(provider)
            defer { host.tearDown() }
            try await host.run { browser in
                let page = try await browser.getScreen("/login/sso/test")
                #expect(try page.status == 503 && page.screen.mentions("Test ID cannot be reached right now."))
            }
        }
    }

    @Test func aProviderWithoutAnEmailMakesNoAccountAndTheSignInPageOffersIt() async throws {
        try await TestOpenIDProvider.with { provider in
            let host = try await Self.host(provider)
            defer { host.tearDown() }
            try await host.run { browser in
                #expect(try await browser.getScreen("/login").screen.link(titled: "Continue with Test ID")?.target == .path("/login/sso/test"))
                let page = try await Self.signIn(browser, provider) { try await provider.idToken(subject: "nobody", nonce: $0) }
                #expect(try page.screen.mentions("Test ID did not share an email address"))
            }
        }
    }

    @Test(arguments: [
        ("  sso:\n    - id: Bad Id\n      title: X\n      issuer: https://x.example\n      clientID: a\n", "login.sso[0].id"),
        ("  sso:\n    - id: x\n      title: X\n      issuer: not a url\n      clientID: a\n", "login.sso[0].issuer"),
        ("  sso:\n    - id: x\n      title: X\n      issuer: https://x.example\n      clientID: a\n      scopes: profile\n", "login.sso[0].scopes"),
        ("  sso:\n    - id: x\n      title: X\n      issuer: https://x.example\n", "login.sso[0].clientID"),
        ("  sso:\n    - id: x\n      title: X\n      issuer: https://x.example\n      clientID: a\n      colour: red\n", "login.sso[0].colour"),
    ])
    func aBadProviderSettingIsRefusedAtItsKey(_ yaml: String, _ key: String) async throws {
        do {
            let host = try await TestHost.boot(modules: [LoginModule.self], configuration: "modules: [login]\nlogin:\n\(yaml)")
            host.tearDown()
            Issue.record("must be refused: \(yaml)")
        } catch let error as ConfigurationError {
            #expect(error.problems.contains { $0.key == key }, "\(error.problems.map(\.description))")
        }
    }
}
