import AtriumSupport
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import AtriumPages

/// What makes the pages an installable web app that works offline: the build's id where a worker
/// and an operator read it, the worker and its manifest, a signed-in page saying whose it is, and
/// the end of a session clearing what the browser kept.
@Suite("The web app")
struct WebAppTests {
    @Test func theBuildIsNamedAndTheWorkerCarriesIt() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        #expect(BuildID.current.hasPrefix(BuildID.version))
        try await host.run { browser in
            let ready = try await browser.get("/health/ready")
            #expect(ready.body.contains(#""build":"\#(BuildID.current)""#), "\(ready.body)")
            let worker = try await browser.get("/worker.js")
            #expect(worker.status == 200)
            #expect(worker.headers[.cacheControl] == "no-cache" && worker.headers[.eTag] != nil)
            #expect(worker.body.contains(#"const BUILD = "\#(BuildID.current)";"#))
            #expect(!worker.body.contains("__ATRIUM_BUILD__"))
            let manifest = try await browser.get("/manifest.webmanifest")
            let fields = try #require(try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])
            #expect(fields["start_url"] as? String == "/" && fields["display"] as? String == "standalone")
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            #expect(try await browser.get("/assets/atrium-icon.svg").status == 200)
            #expect(try await browser.get("/notes").body.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
        }
    }

    @Test func aSignedInPersonsPageSaysWhoseItIsAndSigningOutClearsTheSite() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let account = HTTPField.Name("Atrium-Account")!
        let clear = HTTPField.Name("Clear-Site-Data")!
        try await host.run { browser in
            #expect(try await browser.get("/notes").headers[account] == nil, "a visitor's page names no account")
            _ = try await browser.get("/accounts/sign-in")
            #expect(try await browser.post("/accounts/sign-in", form: ["name": "ada"]).status == 303)
            let page = try await browser.get("/notes")
            let tag = try #require(page.headers[account])
            #expect(tag.count == 16 && tag.allSatisfy(\.isHexDigit))
            #expect(!tag.contains("ada"))
            #expect(try await browser.getScreen("/notes").headers[account] == nil, "only a page's HTML says it")
            let other = browser.anotherVisitor()
            _ = try await other.get("/accounts/sign-in")
            _ = try await other.post("/accounts/sign-in", form: ["name": "grace"])
            #expect(try await other.get("/notes").headers[account] != tag, "another account, another tag")

            let signedOut = try await browser.post("/accounts/sign-out", form: [:])
            #expect(signedOut.headers[clear] == #""cache", "storage""#)
            // A cookie whose session ended (long enough ago that it is gone), on a page that reads
            // it, is cleared with what the browser kept, though the visitor is given a new pass.
            let ended = other.anotherVisitor()
            ended.setCookie("atrium_session", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
            #expect(try await ended.get("/notes").headers[clear] == #""cache", "storage""#)
            #expect(try await ended.get("/notes").headers[clear] == nil, "the new pass is not cleared again")
            #expect(try await other.get("/notes/private").headers[clear] == nil, "a live session is not cleared")
        }
    }
}
