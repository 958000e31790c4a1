import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// Two hosts on one PostgreSQL database, as behind a load balancer: whichever host a request lands
/// on, the visitor notices nothing, and the database keeps one account per email.
@Suite(
    "Login on two hosts sharing PostgreSQL",
    .enabled(if: TestStorage.postgresURL != nil, "needs ATRIUM_TEST_POSTGRES_URL (bash Tests/run-all.sh starts a server)"))
struct LoginAcrossHostsTests {
    /// Two hosts on one database (and one host key, as SECRETS_KEY would give them).
    static func twoHosts() async throws -> [TestHost] {
        let directory = FileManager.default.temporaryDirectory.appending(path: "login-hosts-\(UUID().uuidString)")
        var hosts: [TestHost] = []
        for _ in 0..<2 {
            hosts.append(
                try await TestHost.boot(
                    modules: [LoginModule.self], configuration: "modules: [login]\n", directory: directory, storage: .postgres))
        }
        return hosts
    }

    @Test func eightSignUpsWithOneEmailSplitAcrossTwoHostsMakeOneAccount() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        let pages = try await withThrowingTaskGroup(of: TestPage.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await hosts[index % 2].run { browser in
                        _ = try await browser.get("/signup")
                        return try await browser.postForScreen(
                            "/signup", form: ["fullName": "Ada \(index)", "email": "ada@example.com", "password": "correct horse battery \(index)"])
                    }
                }
            }
            return try await group.reduce(into: [TestPage]()) { $0.append($1) }
        }
        #expect(pages.filter { $0.status == 303 }.count == 1, "one sign-up wins")
        let refused = pages.filter { $0.status == 422 }
        #expect(refused.count == 7)
        // Each loser is told why: the email is taken, or (a sign-up with a taken email tries its
        // password, and five tries on one email, on any host, lock it) that it is locked a while.
        for page in refused {
            let error = try page.screen.field(named: "email")?.error ?? ""
            let taken = error == "An account with this email already exists. Sign in instead."
            let locked = error.text.hasPrefix("Too many failed sign-in attempts for this email.")
            #expect(taken || locked)
        }
        let accounts = try await hosts[1].storage.records(module: "login", owner: .shared).records(Account.self, in: "accounts")
        #expect(accounts.count == 1)
    }

    @Test func twoSignUpsAtOnceOnTwoHostsEndWithOneAccountAndAClearRefusal() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        for round in 0..<5 {
            let email = "grace\(round)@example.com"
            async let first = hosts[0].run { browser in
                _ = try await browser.get("/signup")
                return try await browser.postForScreen(
                    "/signup", form: ["fullName": "Grace A", "email": email, "password": "correct horse battery A"])
            }
            async let second = hosts[1].run { browser in
                _ = try await browser.get("/signup")
                return try await browser.postForScreen(
                    "/signup", form: ["fullName": "Grace B", "email": email, "password": "correct horse battery B"])
            }
            let pages = try await [first, second]
            #expect(pages.map(\.status).sorted() == [303, 422])
            #expect(pages.contains { (try? $0.screen.field(named: "email")?.error) == "An account with this email already exists. Sign in instead." })
        }
        let accounts = try await hosts[0].storage.records(module: "login", owner: .shared).records(Account.self, in: "accounts")
        #expect(accounts.count == 5)
    }

    @Test func aDoubleClickedSignUpLandingOnBothHostsSignsBothInToOneAccount() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        let form = ["fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"]
        async let first = hosts[0].run { browser in
            _ = try await browser.get("/signup")
            return try await browser.post("/signup", form: form)
        }
        async let second = hosts[1].run { browser in
            _ = try await browser.get("/signup")
            return try await browser.post("/signup", form: form)
        }
        let pages = try await [first, second]
        #expect(pages.map(\.status) == [303, 303])
        let accounts = try await hosts[0].storage.records(module: "login", owner: .shared).records(Account.self, in: "accounts")
        #expect(accounts.count == 1)
    }

    @Test func aVisitorMovingBetweenHostsStaysSignedInAndItsFormsWork() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        // Signs up on A with a form it got from A.
        let (cookies, token) = try await hosts[0].run { browser in
            _ = try await browser.get("/signup")
            let created = try await browser.post(
                "/signup", form: ["fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"])
            #expect(created.status == 303)
            _ = try await browser.get("/profile/details/edit")
            return (browser.cookies, browser.lastCSRFToken)
        }
        // B knows the session, and takes the form A served.
        let afterSaving = try await hosts[1].run { browser in
            browser.setCookies(cookies)
            let profile = try await browser.getScreen("/profile")
            #expect(try profile.status == 200 && profile.screen.shows("Ada Lovelace"))
            let saved = try await browser.post(
                "/profile/details/edit", form: ["givenName": "Ada", "familyName": "King", "nickname": "", "picture": ""], csrfToken: token)
            #expect(saved.status == 303)
            #expect(browser.cookies["atrium_wrote"] != nil, "the save names its write for the next host")
            return browser.cookies
        }
        // A sees what B saved at once: the browser carries the cookie B's write set (read-your-writes),
        // and A waits for its change feed to reach that write. Signing out on A ends the session on B.
        try await hosts[0].run { browser in
            browser.setCookies(afterSaving)
            #expect(try await browser.getScreen("/profile").screen.shows("Ada King"))
            let out = try await browser.post("/logout", form: [:])
            #expect(out.status == 303)
        }
        // B keeps sessions as last read and forgets them through the change feed: soon, the old
        // session id (as a thief would keep it) opens nothing there either.
        try await hosts[1].run { browser in
            browser.setCookies(cookies)
            let signedOut = try await eventually { try await browser.get("/profile").status == 303 }
            #expect(signedOut, "signed out everywhere")
        }
    }

    @Test func wrongPasswordsOnEitherHostCountTowardOneLockout() async throws {
        let hosts = try await Self.twoHosts()
        defer { hosts.forEach { $0.tearDown() } }
        try await hosts[0].run { browser in
            _ = try await browser.get("/signup")
            _ = try await browser.post("/signup", form: ["fullName": "Ada", "email": "ada@example.com", "password": "correct horse battery"])
        }
        var statuses: [Int] = []
        for attempt in 0..<6 {
            statuses.append(
                try await hosts[attempt % 2].run { browser in
                    _ = try await browser.get("/login")
                    return try await browser.post("/login", form: ["email": "ada@example.com", "password": "wrong password \(attempt)"]).status
                })
        }
        // As on one host: four wrong passwords are answered as wrong, the fifth locks the email.
        #expect(statuses == [401, 401, 401, 401, 429, 429], "alternating hosts")
        let right = try await hosts[1].run { browser in
            _ = try await browser.get("/login")
            return try await browser.post("/login", form: ["email": "ada@example.com", "password": "correct horse battery"]).status
        }
        #expect(right == 429, "locked on the other host too")
    }
}
