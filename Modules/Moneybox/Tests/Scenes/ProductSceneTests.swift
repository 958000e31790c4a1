import AtriumSDK
import AtriumTestKit
import Testing

@testable import Moneybox

/// One product's page and its "Add £10", exhaustively: the payment kept by its key and the
/// redirect asserted; the same form sent twice pays once.
@Suite("Moneybox's product scene")
struct ProductSceneTests {
    let api = CountingAPI(pause: .zero)
    let records = InMemoryRecordStore(declaredIn: MoneyboxModule.manifest)
    let account: MoneyboxAccount

    init() { account = MoneyboxAccountTests.account(api, records: records) }

    func test(_ parameters: [String: String]) -> SceneTest<ProductScene> {
        SceneTest(
            ProductScene(account: account, random: ScriptedRandom()),
            context: .testing(moduleID: "moneybox", parameters: parameters, storage: records),
            exhaustive: true)
    }

    static let key = "k3y-0f-th1s-f0rm-123"

    @Test func theProductsPageOffersToAddTenPounds() async throws {
        let visitor = await test(["id": "1"]).open(ProductScene.page)
        visitor.expect(.redirected(to: MoneyboxSignInScene.page()))
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let page = await test(["id": "1"]).open(ProductScene.page)
        #expect(page.status == 200 && page.screen?.button(titled: "Add £10") != nil)
    }

    @Test func addingMoneyPaysOncePerFormAndShowsTheResult() async throws {
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let paid = await test(["id": "1", "key": Self.key]).submit(ProductScene.pay, form: [:])
        let payments = StoredPayments.collection
        // The payment, by its key, and which product was paid last.
        paid.expect(
            .wrote(collection: payments, id: Self.key), .wrote(collection: payments, id: "last-paid"),
            .redirected(to: ProductScene.page(ProductAddress(id: 1, paid: Self.key))))
        let again = await test(["id": "1", "key": Self.key]).submit(ProductScene.pay, form: [:])
        // Sent again: the kept payment is found under its key; nothing is written or paid.
        #expect(again.effects == [.redirected(to: ProductScene.page(ProductAddress(id: 1, paid: Self.key)))])
        again.expect(.redirected(to: ProductScene.page(ProductAddress(id: 1, paid: Self.key))))
        #expect(api.payments.withLock { $0 } == 1, "the same form sent twice pays once")
    }

    @Test func aFormWithoutAKeyAddsNothing() async throws {
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let expired = await test(["id": "1", "key": "short"]).submit(ProductScene.pay, form: [:])
        #expect(expired.status == 404 && expired.effects.isEmpty && api.payments.withLock { $0 } == 0)
    }
}
