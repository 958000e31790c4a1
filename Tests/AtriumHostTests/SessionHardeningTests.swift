import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumFixtures
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumRuntime
@testable import AtriumStorage

/// Sessions and records under the ways people really use a site: tabs, double clicks, long visits,
/// several requests at once.
@Suite("Session and storage hardening")
struct SessionHardeningTests {
    func temporaryStorage() throws -> SQLiteStorage {
        try SQLiteStorage(path: FileManager.default.temporaryDirectory.appending(path: "atrium-sessions-\(UUID().uuidString)/db.sqlite").path)
    }

    @Test func aTokensHashFromTheMemoIsItsHashAndTheMemoStaysBounded() {
        let token = SessionStore.randomToken()
        #expect(SessionStore.memoizedHash(token) == SessionStore.hash(token))
        #expect(SessionStore.memoizedHash(token) == SessionStore.hash(token), "the second time, from the memo")
        let long = String(repeating: "t", count: 300)
        #expect(SessionStore.memoizedHash(long) == SessionStore.hash(long))
        for index in 0..<(SessionStore.memoizedTokens + 10) {
            let other = "token-\(index)"
            #expect(SessionStore.memoizedHash(other) == SessionStore.hash(other))
        }
        #expect(SessionStore.memoizedCount <= SessionStore.memoizedTokens)
    }

    @Test func aSlidingExpiryRenewsTheCookieAtMostOnceADay() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let clock = TestClock()
        let sessions = try SessionStore(storage: storage, hostKey: .random(), lifetime: .seconds(30 * 86_400), now: { clock.now })
        let (token, _) = try await sessions.create()
        clock.advance(seconds: 3600)
        #expect(try await sessions.find(token: token)?.isExtended == false, "an hour later: no write, no new cookie")
        clock.advance(seconds: 86_400)
        let slid = try #require(try await sessions.find(token: token))
        #expect(slid.isExtended, "a day later the expiry slides")
        #expect(slid.record.expiresAt == clock.now.timeIntervalSince1970 + 30 * 86_400)
        #expect(try await sessions.find(token: token)?.isExtended == false, "and not again the same day")
        clock.advance(seconds: 29 * 86_400)
        #expect(try await sessions.find(token: token) != nil, "an active session outlives its first 30 days")
    }

    @Test func aRequestThatSlidesTheExpirySendsTheCookieAgain() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            let quiet = try await browser.get("/notes/private")
            #expect(quiet.setCookies.isEmpty, "a fresh session sends no cookie")
            // The fixture signs in for an hour: the expiry slides once it is a tenth of that behind.
            try await host.storage.ageSessions(bySeconds: 400)
            let renewed = try await browser.get("/notes/private")
            let cookie = try #require(renewed.setCookies.first)
            #expect(cookie.contains("Max-Age=3600"), "\(cookie)")
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        }
    }

    @Test func aSignInFormLeftOpenInAnotherTabStillSignsIn() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/accounts/sign-in")
            let secondTab = try #require(browser.lastCSRFToken)
            let first = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            #expect(first.status == 303)
            // The second tab shares the cookie jar, so it sends the new cookie with the old token.
            let second = try await browser.post("/accounts/sign-in", form: ["name": "ada"], csrfToken: secondTab)
            #expect(second.status == 303, "sign-in forms accept the token of the session they replaced")
            #expect(try await browser.get("/notes/private").status == 200)
        }
    }

    @Test func anotherFormFromBeforeTheSignInIsExplainedNotSilentlyRefused() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let before = try #require(browser.lastCSRFToken)
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            let page = try await browser.post("/notes", form: ["text": "late"], csrfToken: before)
            #expect(page.status == 403)
            #expect(page.body.contains("You signed in or out in another tab or window after this page was loaded"))
            #expect(!(try await browser.get("/notes").body.contains("late")), "nothing was saved")
        }
    }

    @Test func aDoubleClickOnSignInSendsTheOldCookieAndStillSignsIn() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/accounts/sign-in")
            let oldCookies = browser.cookies
            let token = try #require(browser.lastCSRFToken)
            #expect(try await browser.post("/accounts/sign-in", form: ["name": "ada"]).status == 303)
            let newCookies = browser.cookies
            // The second click left before the first answer came back: old cookie, old token.
            browser.setCookies(oldCookies)
            let second = try await browser.post("/accounts/sign-in", form: ["name": "ada"], csrfToken: token)
            #expect(second.status == 303)
            #expect(!second.setCookies.contains { $0.contains("Max-Age=0") }, "the browser's new session is never cleared")
            #expect(try await browser.get("/notes/private").status == 200)
            browser.setCookies(newCookies)
            #expect(try await browser.get("/notes/private").status == 200, "the first sign-in's session works too")
            browser.setCookies(oldCookies)
            #expect(try await browser.get("/notes/private").status == 303, "the replaced session is never signed in")
        }
    }

    @Test func whatAVisitorSavedBeforeSigningInIsTheAccountsAfterwards() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            _ = try await browser.post("/notes", form: ["text": "Saved before signing in"])
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            #expect(try await browser.get("/notes").body.contains("Saved before signing in"))
            _ = try await browser.post("/accounts/sign-out", form: [:])
            #expect(!(try await browser.get("/notes").body.contains("Saved before signing in")), "signed out, the next visitor starts empty")
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            #expect(try await browser.get("/notes").body.contains("Saved before signing in"), "kept with the account")
        }
    }

    @Test func aModulesMergeRuleJoinsTheVisitorsRecordWithTheAccounts() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        struct Tally: Codable, Sendable, Equatable { var items: [String] }
        let registrar = HostRegistrar.testing(ModuleManifest(id: "tally", title: "Tally", version: "1"))
        registrar.mergeAtSignIn(Tally.self, in: "tallies") { visitor, account in Tally(items: account.items + visitor.items) }
        let sessions = try SessionStore(storage: storage, hostKey: .random(), signInMerges: ["tally": registrar.signInMerges])
        let visitor = storage.records(module: "tally", owner: .visitor("v"))
        let account = storage.records(module: "tally", owner: .user("u"))
        try await visitor.save(Tally(items: ["from the visitor"]), id: "1", in: "tallies")
        try await visitor.save(Tally(items: ["only the visitor's"]), id: "2", in: "tallies")
        try await account.save(Tally(items: ["from the account"]), id: "1", in: "tallies")
        try await storage.records(module: "other", owner: .visitor("v")).save(Tally(items: ["visitor"]), id: "1", in: "x")
        try await storage.records(module: "other", owner: .user("u")).save(Tally(items: ["account"]), id: "1", in: "x")
        _ = try await sessions.rotate(token: nil, visitorID: "v", userID: "u")
        #expect(try await account.record(Tally.self, id: "1", in: "tallies")?.items == ["from the account", "from the visitor"])
        #expect(try await account.record(Tally.self, id: "2", in: "tallies")?.items == ["only the visitor's"])
        #expect(
            try await storage.records(module: "other", owner: .user("u")).record(Tally.self, id: "1", in: "x")?.items == ["account"],
            "without a rule the account's record is kept")
        #expect(try await visitor.records(Tally.self, in: "tallies").isEmpty, "nothing is left behind under the visitor")
    }

    @Test func parallelUpdatesOfOneRecordAllCount() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        let records = storage.records(module: "m", owner: .shared)
        await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await records.update([Int].self, id: "counter", in: "c") { list in list = (list ?? []) + [index] }
                }
            }
        }
        let stored = try await records.record([Int].self, id: "counter", in: "c") ?? []
        #expect(stored.sorted() == Array(0..<50))
    }

    @Test func anUpdateThatThrowsChangesNothing() async throws {
        let storage = try temporaryStorage()
        defer { try? storage.close() }
        struct Refused: Error {}
        let records = storage.records(module: "m", owner: .shared)
        try await records.save(Note(text: "kept"), id: "1", in: "notes")
        await #expect(throws: Refused.self) {
            try await records.update(Note.self, id: "1", in: "notes") { note in
                note?.text = "changed"
                throw Refused()
            }
        }
        #expect(try await records.record(Note.self, id: "1", in: "notes")?.text == "kept")
        let deleted: Bool = try await records.update(Note.self, id: "1", in: "notes") { note in
            note = nil
            return true
        }
        let after = try await records.record(Note.self, id: "1", in: "notes")
        #expect(deleted && after == nil)
    }
}
