import AtriumSDK
import AtriumTestKit
import Testing

@testable import Moneybox

@Suite("Moneybox's accounts scene")
struct AccountsSceneTests {
    let api = CountingAPI(pause: .zero)
    let records = InMemoryRecordStore(declaredIn: MoneyboxModule.manifest)
    /// One use case for the test (its sealer's key is made with it): what the module builds per request.
    let account: MoneyboxAccount

    init() { account = MoneyboxAccountTests.account(api, records: records) }

    var test: SceneTest<AccountsScene> {
        SceneTest(AccountsScene(account: account), context: .testing(moduleID: "moneybox", storage: records))
    }

    @Test func withoutASessionItLeadsToSignIn() async throws {
        let page = await test.load()
        #expect(page.status == 303 && page.redirect == MoneyboxSignInScene.page())
    }

    @Test func signedInItShowsTheInvestorAndEachProductLeadingToIt() async throws {
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let page = await test.load()
        #expect(page.status == 200)
        let screen = try #require(page.screen)
        #expect(screen.shows("Hello Michael Jordan"))
        #expect(screen.amounts.map(\.formatted) == ["£100.00", "£100.00", "£30.00"], "the total, then the product's plan value and moneybox")
        #expect(screen.nodes.contains { if case .card(let card) = $0 { card.target == ProductScene.page(ProductAddress(id: 1)) } else { false } })
    }

    @Test func anAPIThatFailsIsUnavailableAndAnEndedSessionSignsInAgain() async throws {
        _ = try await account.signIn(email: "a@b.c", password: "p")
        api.failure.withLock { $0 = .timedOut }
        let failed = await test.load()
        #expect(failed.status == 503 && failed.screen?.mentions("Moneybox did not answer in time. Please try again.") == true)
        api.failure.withLock { $0 = .sessionExpired(message: "Your session has expired.") }
        #expect(await test.load().redirect == MoneyboxSignInScene.page())
    }

    @Test func signingOutForgetsTheSession() async throws {
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let out = await test.perform(.signOut)
        #expect(out.redirect == MoneyboxSignInScene.page())
        #expect(await test.load().redirect == MoneyboxSignInScene.page())
    }

    @Test func signingOutForgetsTheSessionAndLeadsToSignIn() async throws {
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let exhaustive = SceneTest(AccountsScene(account: account), context: .testing(moduleID: "moneybox", storage: records), exhaustive: true)
        let out = await exhaustive.submit(AccountsScene.signOut, form: [:])
        out.expect(.deleted(collection: SealedSessions.collection, id: SealedSessions.id), .redirected(to: MoneyboxSignInScene.page()))
        let page = await test.load()
        #expect(page.status == 303 && page.redirect == MoneyboxSignInScene.page(), "signed out of Moneybox")
    }
}
