import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Moneybox

/// Two hosts on one PostgreSQL database: a payment form sent to both at once pays once.
@Suite(
    "Moneybox on two hosts sharing PostgreSQL",
    .enabled(if: TestStorage.postgresURL != nil, "needs ATRIUM_TEST_POSTGRES_URL (bash Tests/run-all.sh starts a server)"))
struct MoneyboxAcrossHostsTests {
    @Test func theSameFormSentToBothHostsAtOncePaysOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "moneybox-hosts-\(UUID().uuidString)")
        // One set of services, as one SECRETS_KEY: what one host seals, the other opens.
        let services = TestServices()
        var hosts: [TestHost] = []
        for _ in 0..<2 {
            hosts.append(
                try await TestHost.boot(
                    modules: [MoneyboxModule.self], configuration: "modules: [moneybox]\n", directory: directory, services: services,
                    storage: .postgres))
        }
        defer { hosts.forEach { $0.tearDown() } }
        let (first, second) = (hosts[0], hosts[1])
        try await first.run { onA in
            _ = try await onA.get("/moneybox")
            _ = try await onA.post("/moneybox/sign-in", form: MoneyboxHostTests.user)
            let pay = try MoneyboxHostTests.paymentPath(in: try await onA.getScreen("/moneybox/accounts/8044"))
            let token = try #require(onA.lastCSRFToken)
            try await second.run { onB in
                onB.setCookies(onA.cookies)
                let locations = try await withThrowingTaskGroup(of: String?.self) { group in
                    for index in 0..<6 {
                        let browser = index % 2 == 0 ? onA : onB
                        group.addTask { try await browser.post(pay, form: [:], csrfToken: token).location }
                    }
                    return try await group.reduce(into: [String?]()) { $0.append($1) }
                }
                #expect(Set(locations).count == 1, "every answer leads to the same place: \(locations)")
                let accounts = MoneyboxHostTests.amounts(try await onB.getScreen("/moneybox/accounts").screen)
                #expect(accounts.contains("£2,703.80"), "one £10 on the Lifetime ISA")
                #expect(accounts.contains("£5,661.96"))
            }
        }
    }
}
