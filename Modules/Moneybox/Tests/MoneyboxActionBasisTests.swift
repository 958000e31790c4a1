import AtriumSDK
import AtriumTestKit
import Testing

@testable import Moneybox

/// "Add £10" is made on the moneybox its page showed (its ``ActionBasis``): a payment made on a
/// moneybox that has changed since adds nothing and shows the moneybox as it is.
@Suite("Moneybox's payments and what they were made on")
struct MoneyboxActionBasisTests {
    @Test func aPaymentMadeOnAMoneyboxThatChangedSinceAddsNothingAndSaysSo() async throws {
        let host = try await MoneyboxHostTests.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/moneybox")
            #expect(try await browser.post("/moneybox/sign-in", form: MoneyboxHostTests.user).status == 303)
            // One page, shown on £30; then another, on which £10 is added: £40.
            let shown = try await browser.getScreen("/moneybox/accounts/8043")
            let stalePath = try MoneyboxHostTests.paymentPath(in: shown)
            let staleBasis = try #require(try shown.screen.button(titled: "Add £10")?.basis)
            let fresh = try await browser.getScreen("/moneybox/accounts/8043")
            #expect(try fresh.screen.button(titled: "Add £10")?.basis == staleBasis, "both made on £30")
            #expect(try await browser.post(try MoneyboxHostTests.paymentPath(in: fresh), form: ["_basis": staleBasis.digest]).status == 303)

            // "Add £10" on the first page: what it was made on changed, so nothing is added.
            let changed = try await browser.postForScreen(stalePath, form: ["_basis": staleBasis.digest])
            #expect(changed.status == 409)
            let screen = try changed.screen
            #expect(screen.messages.first?.kind == .warning)
            #expect(screen.mentions("Your moneybox changed to £40.00 since this page was shown, so nothing was added."))
            #expect(MoneyboxHostTests.amounts(screen).contains("£40.00"))
            let again = try #require(screen.button(titled: "Add £10")?.basis)
            #expect(again != staleBasis, "the page it came back with is made on £40")
            #expect(MoneyboxHostTests.amounts(try await browser.getScreen("/moneybox/accounts/8043").screen).contains("£40.00"), "nothing added")
            // The fresh page's form sent again is the same payment, whatever its basis says now.
            #expect(try await browser.post(try MoneyboxHostTests.paymentPath(in: fresh), form: ["_basis": staleBasis.digest]).status == 303)
            // Made on what is true now, it pays.
            let paid = try await browser.post(try MoneyboxHostTests.paymentPath(in: changed), form: ["_basis": again.digest])
            #expect(paid.status == 303)
            #expect(MoneyboxHostTests.amounts(try await browser.getScreen("/moneybox/accounts/8043").screen).contains("£50.00"))
        }
    }
}
