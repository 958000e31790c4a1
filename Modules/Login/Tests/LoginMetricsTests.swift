import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// Login's counters on `GET /metrics`: sign-ins refused, emails locked, sessions created.
@Suite("Login's metrics")
struct LoginMetricsTests {
    @Test func refusedSignInsLockoutsAndSessionsAreCountedWithoutAnEmail() async throws {
        let host = try await LoginHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await LoginHostTests.signUp(browser)
            try await LoginHostTests.signOut(browser)
            _ = try await browser.get("/login")
            // Five wrong passwords lock the email; the sixth attempt is refused while locked.
            var statuses: [Int] = []
            for _ in 1...6 {
                statuses.append(try await browser.post("/login", form: ["email": "ada@example.com", "password": "wrong horse battery"]).status)
            }
            #expect(statuses == [401, 401, 401, 401, 429, 429])
            let metrics = try await browser.get("/metrics").body
            #expect(metrics.contains("atrium_login_sign_in_failures_total 6"), "\(metrics)")
            #expect(metrics.contains("atrium_login_lockouts_total 1"))
            #expect(metrics.contains("atrium_sessions_created_total 1"), "the sign-up's session")
            #expect(metrics.contains(#"atrium_module_boot_seconds{module="login"}"#))
            #expect(!metrics.localizedCaseInsensitiveContains("ada@example.com") && !metrics.contains("horse"), "no user's data")
        }
    }
}
