import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@testable import Login

/// What trying to break Login found: passwords bcrypt cannot hold, lockouts raced in parallel,
/// edits that overwrote each other, forms from another tab, double clicks, long names.
@Suite("Login hardening")
struct LoginHardeningTests {
    static let ada = LoginHostTests.ada

    static func signIn(_ browser: TestBrowser, password: String) async throws -> TestPage {
        _ = try await browser.get("/login")
        return try await browser.postForScreen("/login", form: ["email": "ada@example.com", "password": password])
    }

    @Test func twelveNULsAreRefusedAtSignUpAndTheEmptyPasswordNeverSignsIn() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            var form = Self.ada
            form["password"] = String(repeating: "\u{0}", count: 12)
            let refused = try await LoginHostTests.signUp(browser, form)
            #expect(refused.status == 422)
            #expect(try refused.screen.field(named: "password")?.error?.text.hasPrefix("Password must not contain control characters") == true)
            _ = try await LoginHostTests.signUp(browser)
            try await LoginHostTests.signOut(browser)
            let empty = try await Self.signIn(browser, password: "")
            #expect(
                try empty.status == 422 && empty.screen.field(named: "password")?.error == "Enter your password.",
                "refused as a form, never signed in")
            #expect(try await Self.signIn(browser, password: "\u{0}").status == 401)
        }
    }

    @Test func everyByteOfALongPasswordCounts() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            var form = Self.ada
            form["password"] = String(repeating: "A", count: 72) + "first"
            #expect(try await LoginHostTests.signUp(browser, form).status == 303)
            try await LoginHostTests.signOut(browser)
            #expect(try await Self.signIn(browser, password: String(repeating: "A", count: 72) + "different").status == 401)
            #expect(try await Self.signIn(browser, password: String(repeating: "A", count: 72)).status == 401)
            #expect(try await Self.signIn(browser, password: String(repeating: "A", count: 72) + "first").status == 303)
        }
    }

    @Test func parallelWrongPasswordsAllCountAndLockTheEmail() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await LoginHostTests.signUp(browser)
            try await LoginHostTests.signOut(browser)
            _ = try await browser.get("/login")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in 0..<20 {
                    group.addTask {
                        try await browser.post("/login", form: ["email": "ada@example.com", "password": "wrong password \(attempt)"]).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 401 }.count <= 4, "at most four wrong passwords are answered as wrong: \(statuses)")
            #expect(statuses.filter { $0 == 429 }.count >= 16)
            #expect(try await Self.signIn(browser, password: "correct horse battery").status == 429, "locked, even for the right password")
        }
    }

    @Test func atMostFivePasswordsAreTriedPerWindowHoweverManyArriveAtOnce() async throws {
        let verified = Mutex(0)
        struct CountingHashing: PasswordHasher {
            let verified: @Sendable () -> Void
            func hash(_ password: String) async -> String { "plain:" + password }
            func verify(_ password: String, against hash: String) async -> Bool {
                verified()
                try? await Task.sleep(for: .milliseconds(20))
                return hash == "plain:" + password
            }
            func needsRehash(_ hash: String) -> Bool { false }
        }
        let records = InMemoryRecordStore(declaredIn: LoginModule.manifest)
        let accounts = Accounts(
            repository: StoredAccounts(records: records, hasher: CountingHashing { verified.withLock { $0 += 1 } }),
            failures: StoredSignInFailures(records: records))
        _ = try await accounts.signUp(fullName: "Ada", email: "ada@example.com", password: "correct horse battery").get()
        let results = try await withThrowingTaskGroup(of: Result<Account, LoginError>.self) { group in
            for attempt in 0..<50 { group.addTask { try await accounts.signIn(email: "ada@example.com", password: "guess \(attempt)") } }
            return try await group.reduce(into: [Result<Account, LoginError>]()) { $0.append($1) }
        }
        #expect(verified.withLock { $0 } == 5, "only the five attempts let in were checked")
        #expect(results.filter { if case .failure(.lockedOut) = $0 { true } else { false } }.count >= 45)
    }

    @Test func profileDetailsAndNotificationsSavedAtOnceAreBothKept() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await LoginHostTests.signUp(browser)
            _ = try await browser.get("/profile")
            for round in 0..<10 {
                async let details = browser.post(
                    "/profile/details/edit", form: ["givenName": "Ada \(round)", "familyName": "Lovelace", "nickname": "Countess", "picture": ""])
                async let switches = browser.post("/profile/notifications", form: round.isMultiple(of: 2) ? ["news": "true"] : ["push": "true"])
                let statuses = try await [details.status, switches.status]
                #expect(statuses == [303, 303])
                let profile = try await browser.getScreen("/profile").screen
                #expect(profile.shows("Ada \(round) Lovelace"), "round \(round): the details were kept")
                let newsOn = profile.toggle(named: "news")?.isOn == true
                #expect(newsOn == round.isMultiple(of: 2), "round \(round): the switches were kept")
            }
        }
    }

    @Test func theProfileShowsTheNewNameAndARefusedSaveDoesNotCount() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await LoginHostTests.signUp(browser)
            _ = try await browser.get("/profile/details/edit")
            _ = try await browser.post("/profile/details/edit", form: ["givenName": "Grace", "familyName": "Hopper", "nickname": "", "picture": ""])
            let profile = try await browser.getScreen("/profile").screen
            #expect(profile.shows("Grace Hopper"))
            #expect(profile.images.first?.placeholder == "GH", "the initials follow the name")
            let refused = try await browser.postForScreen(
                "/profile/details/edit",
                form: ["givenName": "Grace", "familyName": "Hopper", "nickname": "Amazing", "picture": "ftp://nope"])
            #expect(refused.status == 422)
            #expect(try refused.screen.progressBars.map(\.percentText) == ["60%"], "the bar counts what is saved, not what was refused")
            #expect(try refused.screen.field(named: "nickname")?.value == "Amazing", "what was typed stays in the form")
        }
    }

    @Test func combiningMarksCannotStretchANamePastItsLimit() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            var form = Self.ada
            form["fullName"] = "Z" + String(repeating: "\u{301}", count: 5000)
            let page = try await LoginHostTests.signUp(browser, form)
            #expect(page.status == 422)
            #expect(try page.screen.field(named: "fullName")?.error == "Full name must be at most 100 characters.")
            form["fullName"] = String(repeating: "x", count: 1_000_000)
            #expect(try await LoginHostTests.signUp(browser, form).status == 422)
        }
    }

    @Test func aSignInFormFromAnotherTabStillSignsIn() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await LoginHostTests.signUp(browser)
            try await LoginHostTests.signOut(browser)
            _ = try await browser.get("/login")
            let secondTab = try #require(browser.lastCSRFToken)
            #expect(try await browser.post("/login", form: ["email": "ada@example.com", "password": "correct horse battery"]).status == 303)
            let second = try await browser.post(
                "/login", form: ["email": "ada@example.com", "password": "correct horse battery"], csrfToken: secondTab)
            #expect(second.status == 303, "signed in, not refused as a form from before the sign-in")
        }
    }

    @Test func aDoubleClickedSignUpSignsIntoTheAccountItJustCreated() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/signup")
            async let first = browser.postForScreen("/signup", form: Self.ada)
            async let second = browser.postForScreen("/signup", form: Self.ada)
            let pages = try await [first, second]
            #expect(pages.map(\.status) == [303, 303], "\(pages.map { (try? $0.screen.nodes) ?? [] })")
            #expect(try await browser.get("/profile").status == 200)
        }
    }

    @Test func passwordFieldsSayWhichPasswordTheyWant() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let signUp = try await browser.getScreen("/signup").screen
            let signIn = try await browser.getScreen("/login").screen
            #expect(signUp.field(named: "password")?.autofill == .newPassword)
            // A password field that names no autofill is the current password (the renderers' default).
            #expect(signIn.field(named: "password")?.kind == .password && signIn.field(named: "password")?.autofill != .newPassword)
        }
    }

    @Test func anOlderHashStillSignsInAndIsReplaced() async throws {
        /// Hashes starting "old:" are an older format; new ones start "new:".
        struct VersionedHashing: PasswordHasher {
            func hash(_ password: String) async -> String { "new:" + password }
            func verify(_ password: String, against hash: String) async -> Bool { hash == "new:" + password || hash == "old:" + password }
            func needsRehash(_ hash: String) -> Bool { hash.hasPrefix("old:") }
        }
        let records = InMemoryRecordStore(declaredIn: LoginModule.manifest)
        let accounts = Accounts(
            repository: StoredAccounts(records: records, hasher: VersionedHashing()), failures: StoredSignInFailures(records: records))
        let account = try await accounts.signUp(fullName: "Ada", email: "ada@example.com", password: "correct horse battery").get()
        _ = try await StoredAccounts(records: records, hasher: VersionedHashing()).update(id: account.id) {
            $0.passwordHash = "old:correct horse battery"
        }
        #expect(try await accounts.signIn(email: "ada@example.com", password: "correct horse battery").isSuccess)
        #expect(try await accounts.account(id: account.id)?.passwordHash == "new:correct horse battery")
    }
}
