import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

@Suite("Login served by the host")
struct LoginHostTests {
    static func host(directory: URL? = nil, extra: String = "") async throws -> TestHost {
        try await TestHost.boot(
            modules: [LoginModule.self, GuardedProbeModule.self],
            configuration: "modules: [login, vault]\nlogin:\n  sessionDays: 7\n\(extra)",
            directory: directory
        )
    }

    static let ada = ["fullName": "Ada Lovelace", "email": "  Ada@Example.com ", "password": "correct horse battery"]

    /// Signs out from the profile page, as a person would (the page carries the session's token).
    static func signOut(_ browser: TestBrowser) async throws {
        _ = try await browser.get("/profile")
        let out = try await browser.post("/logout", form: [:])
        #expect(out.status == 303 && out.location == "/login", "signed out")
    }

    static func signUp(_ browser: TestBrowser, _ form: [String: String] = ada) async throws -> TestPage {
        _ = try await browser.get("/signup")
        return try await browser.postForScreen("/signup", form: form)
    }

    @Test func signUpSignInAndSignOut() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let login = try await browser.getScreen("/login").screen
            #expect(login.link(titled: "Don't have an account? Sign up")?.target == .path("/signup"))
            let created = try await Self.signUp(browser)
            #expect(created.status == 303)
            #expect(created.location == "/profile")
            let page = try await browser.getScreen("/profile")
            #expect(page.status == 200)
            let profile = try page.screen
            #expect(profile.shows("Ada Lovelace") && profile.shows("ada@example.com"))
            #expect(profile.amounts.map(\.formatted) == ["£0.00"] && profile.shows("0 Rides"))
            #expect(profile.images.first?.placeholder == "AL", "the initials avatar")

            try await Self.signOut(browser)
            #expect(try await browser.get("/profile").location == "/login?returnTo=/profile")

            _ = try await browser.get("/login")
            let back = try await browser.post("/login", form: ["email": "ADA@example.com", "password": "correct horse battery"])
            #expect(back.location == "/profile")
        }
    }

    @Test func aWrongPasswordSaysEmailOrPasswordIsIncorrect() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await Self.signUp(browser)
            try await Self.signOut(browser)
            _ = try await browser.get("/login")
            let wrong = try await browser.postForScreen("/login", form: ["email": "ada@example.com", "password": "incorrect horse"])
            #expect(wrong.status == 401)
            #expect(try wrong.screen.messages.contains { $0.text == "Email or password is incorrect" })
            #expect(try wrong.screen.field(named: "email")?.value == "ada@example.com", "the email is kept")
            let unknown = try await browser.postForScreen("/login", form: ["email": "nobody@example.com", "password": "correct horse battery"])
            #expect(try unknown.screen.messages.contains { $0.text == "Email or password is incorrect" })
        }
    }

    @Test func aDuplicateEmailAndAWeakPasswordAreClearErrors() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await Self.signUp(browser)
            try await Self.signOut(browser)
            let duplicate = try await Self.signUp(browser, ["fullName": "Imposter", "email": "ADA@EXAMPLE.COM", "password": "another long password"])
            #expect(duplicate.status == 422)
            #expect(try duplicate.screen.field(named: "email")?.error == "An account with this email already exists. Sign in instead.")
            let weak = try await Self.signUp(browser, ["fullName": "Bob", "email": "bob@example.com", "password": "short"]).screen
            #expect(weak.field(named: "password")?.error == "Password must be at least 12 characters.")
            #expect(weak.field(named: "fullName")?.value == "Bob" && weak.field(named: "email")?.value == "bob@example.com", "nothing typed is lost")
            #expect(weak.field(named: "password")?.value == "", "the password is not sent back")
        }
    }

    @Test func signingInRotatesTheSessionIdAndSetsItsLifetime() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await Self.signUp(browser)
            try await Self.signOut(browser)
            _ = try await browser.get("/login")
            let anonymous = try #require(browser.cookies["atrium_session"])
            let signedIn = try await browser.post("/login", form: ["email": "ada@example.com", "password": "correct horse battery"])
            #expect(signedIn.setCookies.first?.contains("Max-Age=604800") == true, "7 days, from login.sessionDays")
            #expect(browser.cookies["atrium_session"] != anonymous)
            browser.setCookies(["atrium_session": anonymous])
            #expect(try await browser.get("/profile").status == 303, "the pre-sign-in id is dead")
        }
    }

    @Test func aSessionStaysValidAfterTheHostRestarts() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "login-\(UUID().uuidString)")
        let first = try await Self.host(directory: directory)
        let cookies = try await first.run { browser in
            _ = try await Self.signUp(browser)
            return browser.cookies
        }
        try first.storage.close()
        let second = try await Self.host(directory: directory)
        defer { second.tearDown() }
        try await second.run { browser in
            browser.setCookies(cookies)
            let profile = try await browser.getScreen("/profile")
            #expect(profile.status == 200)
            #expect(try profile.screen.shows("Ada Lovelace"))
        }
    }

    @Test func anotherModulesGuardedPageSendsVisitorsToSignInAndBack() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await Self.signUp(browser)
            try await Self.signOut(browser)
            let guarded = try await browser.get("/vault/3")
            #expect(guarded.location == "/login?returnTo=/vault/3")
            let form = try await browser.getScreen(try #require(guarded.location)).screen
            #expect(form.form(posting: .path("/login?returnTo=/vault/3")) != nil)
            #expect(form.link(titled: "Don't have an account? Sign up")?.target == .path("/signup?returnTo=/vault/3"), "and on to sign-up")
            let signedIn = try await browser.post(
                "/login?returnTo=%2Fvault%2F3", form: ["email": "ada@example.com", "password": "correct horse battery"])
            #expect(signedIn.location == "/vault/3")
            #expect(try await browser.getScreen("/vault/3").screen.shows("Hello Ada Lovelace"))
        }
    }

    @Test func aReturnToOnAnotherSiteIsIgnored() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await Self.signUp(browser)
            try await Self.signOut(browser)
            _ = try await browser.get("/login")
            for evil in ["https%3A%2F%2Fevil.example%2F", "%2F%2Fevil.example", "%2F%5Cevil.example"] {
                _ = try await browser.get("/login")
                let signedIn = try await browser.post(
                    "/login?returnTo=\(evil)", form: ["email": "ada@example.com", "password": "correct horse battery"])
                #expect(signedIn.location == "/profile")
            }
        }
    }

    @Test func theLockoutIsSharedByEveryVisitorAndSurvivesARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "lockout-\(UUID().uuidString)")
        let first = try await Self.host(directory: directory)
        try await first.run { browser in
            _ = try await Self.signUp(browser)
            try await Self.signOut(browser)
            _ = try await browser.get("/login")
            var last: TestPage?
            for attempt in 1...5 {
                last = try await browser.postForScreen("/login", form: ["email": "ada@example.com", "password": "wrong password \(attempt)"])
            }
            #expect(last?.status == 429)
            #expect(try last?.screen.messages.first?.text.text.hasPrefix("Too many failed sign-in attempts for this email.") == true)
        }
        try first.storage.close()
        let second = try await Self.host(directory: directory)
        defer { second.tearDown() }
        try await second.run { browser in
            _ = try await browser.get("/login")
            let refused = try await browser.postForScreen("/login", form: ["email": "ada@example.com", "password": "correct horse battery"])
            #expect(refused.status == 429, "the right password is refused while locked, after a restart too")
            #expect(try refused.screen.messages.contains { $0.text.text.contains("Sign-in is blocked for 15 more minutes.") })
        }
    }

    @Test func profileEditsChangeTheCompletionPercentage() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await Self.signUp(browser)
            let details = try await browser.getScreen("/profile/details").screen
            #expect(details.progressBars.map(\.percentText) == ["60%"])
            for row in ["Given name", "Family name", "Nick name", "Email"] { #expect(details.shows(row)) }
            #expect(details.link(titled: "Complete your profile")?.target == ProfileDetailsEditScene.page())
            _ = try await browser.get("/profile/details/edit")
            let saved = try await browser.post(
                "/profile/details/edit",
                form: ["givenName": "Ada", "familyName": "Lovelace", "nickname": "Countess", "picture": ""]
            )
            #expect(saved.location == "/profile/details")
            #expect(try await browser.getScreen("/profile/details").screen.progressBars.map(\.percentText) == ["80%"])
            _ = try await browser.get("/profile/details/edit")
            let bad = try await browser.postForScreen(
                "/profile/details/edit",
                form: ["givenName": "Ada", "familyName": "Lovelace", "nickname": "Countess", "picture": "javascript:alert(1)"]
            )
            #expect(bad.status == 422)
            #expect(try bad.screen.field(named: "picture")?.error == "Picture must be an https:// address, or left empty.")
            #expect(try await browser.getScreen("/profile/details").screen.progressBars.map(\.percentText) == ["80%"])
        }
    }

    @Test func notificationSwitchesAreKept() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await Self.signUp(browser)
            let before = try await browser.getScreen("/profile").screen
            #expect(before.toggle(named: "push")?.isOn == true && before.toggle(named: "news")?.isOn == false)
            _ = try await browser.post("/profile/notifications", form: ["news": "true"])
            let after = try await browser.getScreen("/profile").screen
            #expect(after.toggle(named: "push")?.isOn == false && after.toggle(named: "news")?.isOn == true)
        }
    }

    @Test func aBadSessionLengthIsAConfigurationError() async throws {
        await #expect {
            _ = try await TestHost.boot(modules: [LoginModule.self], configuration: "modules: [login]\nlogin:\n  sessionDays: 0\n")
        } throws: { error in
            (error as? ConfigurationError)?.problems.first?.key == "login.sessionDays"
        }
    }
}
