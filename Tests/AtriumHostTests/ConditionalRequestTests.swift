import AtriumTestKit
import HTTPTypes
import Testing

@testable import AtriumFixtures

/// Every page answers an `ETag` of the bytes the visitor gets, and `If-None-Match` with it answers
/// 304 while those bytes stay the same.
@Suite("Conditional requests")
struct ConditionalRequestTests {
    static func conditionalGet(_ browser: TestBrowser, _ path: String, tag: String, accept: String = "text/html") async throws -> TestPage {
        try await browser.send(path, method: .get, headers: [.accept: accept, .ifNoneMatch: tag])
    }

    @Test func anUnchangedPageAnswers304WithItsTagAndNoBody() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.get("/notes")
            #expect(page.status == 200)
            let tag = try #require(page.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""), "a strong, quoted tag: \(tag)")
            #expect(page.headers[.cacheControl] == "private, no-cache")
            #expect(page.headers[.vary] == "Accept, Cookie")

            let again = try await Self.conditionalGet(browser, "/notes", tag: tag)
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.headers[.eTag] == tag)
            #expect(again.headers[.cacheControl] == "private, no-cache")
            #expect(again.headers[.vary] == "Accept, Cookie")
            // The security headers came with the 200 the client keeps; the 304 that confirms it
            // carries only what updates it (RFC 9110, 15.4.5).
            let noSniff = HTTPField.Name("X-Content-Type-Options")!
            let referrerPolicy = HTTPField.Name("Referrer-Policy")!
            #expect(page.headers[.contentSecurityPolicy] != nil && page.headers[noSniff] == "nosniff" && page.headers[referrerPolicy] != nil)
            #expect(again.headers[.contentSecurityPolicy] == nil && again.headers[noSniff] == nil && again.headers[referrerPolicy] == nil)
            #expect(again.headers[.contentType] == nil)

            // Weak comparison, lists and `*`, as RFC 9110 asks of If-None-Match.
            #expect(try await Self.conditionalGet(browser, "/notes", tag: "W/\(tag)").status == 304)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: "\"other\", \(tag)").status == 304)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: "\"other\",\tW/\(tag) ,\"more\"").status == 304)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: "*").status == 304)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: "\(tag)x, W/").status == 200, "a tag with more after it is another")
            #expect(try await Self.conditionalGet(browser, "/notes", tag: "\"other\"").status == 200)
            let lastDigit = tag.dropLast().last
            let otherTag = String(tag.dropLast(2)) + (lastDigit == "0" ? "1" : "0") + "\""
            #expect(try await Self.conditionalGet(browser, "/notes", tag: otherTag).status == 200, "one digit off is another page")
        }
    }

    @Test func theTagChangesWhenThePageDoes() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let before = try #require(try await browser.get("/notes").headers[.eTag])
            #expect(try await browser.post("/notes", form: ["text": "Buy milk"]).status == 303)
            let after = try await Self.conditionalGet(browser, "/notes", tag: before)
            #expect(after.status == 200, "a write changed the page: the old tag is not confirmed")
            #expect(after.body.contains("Buy milk"))
            let newTag = try #require(after.headers[.eTag])
            #expect(newTag != before)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: newTag).status == 304)
        }
    }

    @Test func eachFormatHasItsOwnTag() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let html = try #require(try await browser.get("/notes").headers[.eTag])
            let json = try #require(try await browser.getScreen("/notes").headers[.eTag])
            let text = try #require(try await browser.get("/notes", accept: "text/plain").headers[.eTag])
            #expect(Set([html, json, text]).count == 3)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: html, accept: "application/json").status == 200)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: json, accept: "application/json").status == 304)
            #expect(try await Self.conditionalGet(browser, "/notes", tag: text, accept: "text/plain").status == 304)
        }
    }

    @Test func aPageWithAFormTokenIsNeverConfirmedToAnotherVisitor() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { ada in
            let adasTag = try #require(try await ada.get("/notes").headers[.eTag])
            let bob = ada.anotherVisitor()
            let bobs = try await Self.conditionalGet(bob, "/notes", tag: adasTag)
            #expect(bobs.status == 200, "Bob's page holds his own form token")
            #expect(bobs.headers[.eTag] != adasTag)
            #expect(bobs.csrfToken != nil && bobs.csrfToken != ada.lastCSRFToken)
            // A page without a token is the same bytes for both: confirming it shows Bob nothing of Ada's.
            let item = try #require(try await ada.get("/notes/items/8").headers[.eTag])
            #expect(try await Self.conditionalGet(bob, "/notes/items/8", tag: item).status == 304)
        }
    }

    @Test func a304ForAKeptPageRunsNeitherTheViewNorTheRenderer() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let number = Int.random(in: 100_000..<999_999)
            let page = try await browser.get("/notes/items/\(number)")
            let tag = try #require(page.headers[.eTag])
            let made = TextView.screensMade(of: "Item \(number)")
            #expect(made >= 1)
            for _ in 0..<3 { #expect(try await Self.conditionalGet(browser, "/notes/items/\(number)", tag: tag).status == 304) }
            #expect(TextView.screensMade(of: "Item \(number)") == made, "the scene loaded, but its screen was not made again")
        }
    }

    @Test func aPageAskedAgainWhileNothingItReadChangedIsNotLoadedAgain() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let number = Int.random(in: 100_000..<999_999)
            let start = ContinuousClock.now
            let tag = try #require(try await browser.get("/notes/items/\(number)").headers[.eTag])
            for _ in 0..<3 { #expect(try await Self.conditionalGet(browser, "/notes/items/\(number)", tag: tag).status == 304) }
            #expect(try await browser.getScreen("/notes/items/\(number)").status == 200)
            #expect(try await browser.anotherVisitor().get("/notes/items/\(number)").status == 200)
            // An answer is given again for at most a second (what storage does not show): on a
            // machine slow enough to take longer, once more per second.
            let seconds = Int(start.duration(to: .now).components.seconds)
            #expect(ItemScene.loads(of: number) <= 1 + seconds, "a page that read nothing is answered from its first load, for everyone")
            #expect(try await browser.get("/notes/items/\(number + 1)").status == 200)
            #expect(ItemScene.loads(of: number + 1) == 1, "another address is another answer")
        }
    }

    @Test func aSignedInPersonsHTMLIsNotKeptByTheBrowserButTheirDocumentIs() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            let html = try await browser.get("/notes/private")
            #expect(html.status == 200)
            #expect(html.headers[.cacheControl] == "private, no-store", "Back after signing out must not show it")
            #expect(html.headers[.eTag] != nil)
            let json = try await browser.getScreen("/notes/private")
            #expect(json.headers[.cacheControl] == "private, no-cache")
            let tag = try #require(json.headers[.eTag])
            #expect(try await Self.conditionalGet(browser, "/notes/private", tag: tag, accept: "application/json").status == 304)
        }
    }

    @Test func answersThatAreNotAPagesStateAreNeverConfirmed() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let broken = try await browser.get("/notes/broken")
            #expect(broken.status == 500)
            #expect(broken.headers[.eTag] == nil)
            #expect(broken.headers[.cacheControl] == "no-store")
            #expect(try await Self.conditionalGet(browser, "/notes/broken", tag: "*").status == 500)
            _ = try await browser.get("/notes")
            let invalid = try await browser.post("/notes", form: ["text": " "])
            #expect(invalid.status == 422)
            #expect(invalid.headers[.eTag] == nil)
            let guarded = try await Self.conditionalGet(browser, "/notes/private", tag: "*")
            #expect(guarded.status == 303, "the guard's redirect, not a 304")
        }
    }
}
