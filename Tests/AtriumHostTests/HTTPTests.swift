import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumFixtures
@_spi(AtriumHost) @testable import AtriumHost

@Suite("Serving scenes")
struct HTTPTests {
    @Test func theHomePageListsEntryScenes() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let page = try await host.run { try await $0.get("/") }
        #expect(page.status == 200)
        #expect(page.body.contains(#"href="/notes""#))
        #expect(page.body.components(separatedBy: "<h1").count == 2)
        #expect(page.setCookies.isEmpty, "a page without forms creates no session")
    }

    @Test func typedParametersMatchOnlyValuesOfTheirType() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let item = try await browser.get("/notes/items/42")
            #expect(item.status == 200)
            #expect(item.body.contains("Item 42"))
            let notInt = try await browser.get("/notes/items/forty-two")
            #expect(notInt.status == 404)
            #expect(notInt.body.contains("Page not found"))
            let tag = try await browser.get("/notes/tags/caf%C3%A9%20au%20lait")
            #expect(tag.body.contains("Tag café au lait"), "path parameters are percent-decoded")
        }
    }

    @Test func unknownAddressesGetTheNotFoundPageInTheAskedFormat() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let html = try await browser.get("/no/such/page")
            #expect(html.status == 404)
            #expect(html.body.contains("<h1>Page not found</h1>"))
            let json = try await browser.get("/no/such/page", accept: "application/json")
            #expect(json.status == 404)
            #expect(json.body.contains(#""title":"Page not found""#))
        }
    }

    @Test func healthChecksAnswer() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            #expect(try await browser.get("/health/live").status == 200)
            let ready = try await browser.get("/health/ready")
            #expect(ready.status == 200)
            #expect(ready.body.contains("ready"))
        }
    }

    @Test func thePageCarriesSecurityHeadersAndTheStylesheetIsCached() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.get("/notes")
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            let cookie = try #require(page.setCookies.first)
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"))
            let css = try await browser.get("/assets/atrium.css")
            #expect(css.status == 200)
            #expect(css.headers[.cacheControl] == "public, max-age=3600")
        }
    }

    @Test func cookiesAreSecureBehindTLS() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\nhttp:\n  behindTLS: true\n")
        defer { host.tearDown() }
        let page = try await host.run { try await $0.get("/notes") }
        #expect(page.setCookies.first?.contains("Secure") == true)
    }

    @Test func aFormPostWithoutAValidTokenIsRefused() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let missing = try await browser.post("/notes", form: ["text": "hi"], csrfToken: "")
            #expect(missing.status == 403)
            let wrong = try await browser.post("/notes", form: ["text": "hi"], csrfToken: "forged")
            #expect(wrong.status == 403)
            let list = try await browser.get("/notes")
            #expect(!list.body.contains("<p class=\"text text-body\">hi</p>"), "nothing was saved by a refused post")
        }
    }

    @Test func aValidPostRedirectsAndIsSaved() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let posted = try await browser.post("/notes", form: ["text": "Buy milk", "pinned": "true"])
            #expect(posted.status == 303)
            #expect(posted.location == "/notes")
            let list = try await browser.get("/notes")
            #expect(list.body.contains("Buy milk"))
        }
    }

    @Test func fieldErrorsAnswer422WithTheFormFilledIn() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let page = try await browser.post("/notes", form: ["text": "   "])
            #expect(page.status == 422)
            #expect(page.body.contains("Write something first."))
            #expect(page.body.contains(#"aria-invalid="true""#))
        }
    }

    /// A page drawn by one version of a module and posted to a host of another: `pinned` was a
    /// word there, a Boolean here. Nothing is done, and nothing typed is lost.
    @Test func aFormItsSceneCannotReadComesBackWithWhatWasTyped() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let page = try await browser.post("/notes", form: ["text": "buy milk", "pinned": "sometimes"])
            #expect(page.status == 409)
            #expect(page.body.contains("This page has changed since you opened it. Check what you entered and send it again."))
            #expect(page.body.contains(#"value="buy milk""#), "the person's input is in the form again")
            #expect(page.body.contains("<form"), "the page as it is now, ready to send again")
            let missing = try await browser.post("/notes", form: ["other": "x"])
            #expect(missing.status == 409)
            #expect(!(try await browser.get("/notes").body.contains("buy milk")), "nothing was done")
            let json = try await browser.postJSON("/notes", json: #"{"text": 5}"#)
            #expect(json.status == 409)
        }
    }

    @Test func actionsDecodeFromJSONBodiesToo() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let screen = try await browser.get("/notes", accept: "application/json")
            #expect(screen.body.contains(#""csrfToken""#))
            let posted = try await browser.postJSON("/notes", json: #"{"text": "From JSON"}"#)
            #expect(posted.status == 303)
            let invalid = try await browser.postJSON("/notes", json: #"{"text": ""}"#)
            #expect(invalid.status == 422)
            #expect(invalid.body.contains(#""error":"Write something first.""#))
            let list = try await browser.get("/notes", accept: "application/json")
            #expect(list.body.contains("From JSON"))
        }
    }

    @Test func theGuardSendsVisitorsToSignInAndBack() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let guarded = try await browser.get("/notes/private?tab=2")
            #expect(guarded.status == 303)
            #expect(guarded.location == "/accounts/sign-in?returnTo=/notes/private%3Ftab%3D2")
            let form = try await browser.get(try #require(guarded.location))
            #expect(form.body.contains(#"action="/accounts/sign-in?returnTo=/notes/private%3Ftab%3D2""#), "the form carries it on")
            let signedIn = try await browser.post("/accounts/sign-in?returnTo=/notes/private%3Ftab%3D2", form: ["name": "ada"])
            #expect(signedIn.location == "/notes/private?tab=2")
            let page = try await browser.get("/notes/private?tab=2")
            #expect(page.status == 200)
            #expect(page.body.contains("Private page"))
        }
    }

    @Test func aReturnAddressOnAnotherSiteIsIgnored() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let form = try await browser.get("/accounts/sign-in?returnTo=https%3A%2F%2Fevil.example%2F")
            #expect(!form.body.contains("evil.example"))
            let signedIn = try await browser.post("/accounts/sign-in?returnTo=//evil.example/", form: ["name": "ada"])
            #expect(signedIn.location == "/")
        }
    }

    @Test func signingInRotatesTheSessionAndTheOldIdOpensNothing() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/accounts/sign-in")
            let anonymous = try #require(browser.cookies["atrium_session"])
            let anonymousToken = try #require(browser.lastCSRFToken)
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            let signedIn = try #require(browser.cookies["atrium_session"])
            #expect(signedIn != anonymous)
            #expect(try await browser.get("/notes/private").status == 200)

            browser.setCookies(["atrium_session": anonymous])
            #expect(try await browser.get("/notes/private").status == 303, "the old cookie is never signed in")
            // The anonymous pass is the visitor's own and not revocable, but it opens only the empty
            // anonymous space: what it saves never reaches the account.
            _ = try await browser.post("/notes", form: ["text": "Replayed"], csrfToken: anonymousToken)
            browser.setCookies(["atrium_session": signedIn])
            #expect(!(try await browser.get("/notes").body.contains("Replayed")))
        }
    }

    @Test func aFirstVisitToAPageWithAFormWritesNothing() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            for _ in 0..<50 { _ = try await browser.anotherVisitor().get("/notes") }
            #expect(try await host.storage.sessionRowCount() == 0, "anonymous visitors carry a signed pass, not a row")
            let visitor = browser.anotherVisitor()
            _ = try await visitor.get("/notes")
            let pass = try #require(visitor.cookies["atrium_session"])
            #expect(pass.hasPrefix("v1."))
            #expect(try await visitor.post("/notes", form: ["text": "Kept"]).status == 303, "its form token is accepted")
            #expect(try await visitor.get("/notes").body.contains("Kept"))
            #expect(try await host.storage.visitorRowCount() == 1, "a visitor who saved something is remembered")
            var forged = pass
            forged.removeLast()
            forged.append(pass.last == "A" ? "B" : "A")
            visitor.setCookies(["atrium_session": forged])
            let page = try await visitor.get("/notes")
            #expect(!page.body.contains("Kept"), "a changed pass opens nothing")
            #expect(page.setCookies.contains { $0.hasPrefix("atrium_session=v1.") }, "the visitor gets a new pass")
        }
    }

    @Test func signingOutRevokesTheSessionOnTheServer() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            let session = try #require(browser.cookies["atrium_session"])
            _ = try await browser.get("/notes")
            let out = try await browser.post("/accounts/sign-out", form: [:])
            #expect(out.status == 303)
            browser.setCookies(["atrium_session": session])
            #expect(try await browser.get("/notes/private").status == 303)
        }
    }

    @Test func aFailingSceneShowsItsFailedStateAndOthersKeepWorking() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let broken = try await browser.get("/notes/broken")
            #expect(broken.status == 500)
            #expect(broken.body.contains("<h1>Broken</h1>"))
            #expect(broken.body.contains("Something went wrong while preparing this page"))
            #expect(broken.body.contains(#"href="/notes/broken""#), "a retry link")
            #expect(!broken.body.contains("Failure"), "no internals")
            #expect(try await browser.get("/notes").status == 200)
            #expect(try await browser.get("/accounts/sign-in").status == 200)
        }
    }
}
