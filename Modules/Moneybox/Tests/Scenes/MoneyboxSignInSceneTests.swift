import AtriumSDK
import AtriumTestKit
import Testing

@testable import Moneybox

/// Moneybox's sign-in scene, exhaustively: the sealed session written and the redirect asserted; a
/// refused or invalid form writes nothing.
@Suite("Moneybox's sign-in scene")
struct MoneyboxSignInSceneTests {
    let api = CountingAPI(pause: .zero)
    let records = InMemoryRecordStore(declaredIn: MoneyboxModule.manifest)
    let account: MoneyboxAccount

    init() { account = MoneyboxAccountTests.account(api, records: records) }

    var test: SceneTest<MoneyboxSignInScene> {
        SceneTest(MoneyboxSignInScene(account: account), context: .testing(moduleID: "moneybox", storage: records), exhaustive: true)
    }

    @Test func theFormAsksForEmailAndPasswordUntilSignedIn() async throws {
        let screen = try #require(await test.open(MoneyboxSignInScene.page).screen)
        #expect(screen.field(named: "email") != nil && screen.field(named: "password") != nil)
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let signedIn = await test.open(MoneyboxSignInScene.page)
        #expect(signedIn.status == 303)
        signedIn.expect(.redirected(to: AccountsScene.page()))
    }

    @Test func signingInKeepsTheSessionSealedAndLeadsToTheAccounts() async throws {
        let done = await test.submit(MoneyboxSignInScene.signIn, form: ["email": "a@b.c", "password": "p"])
        done.expect(.wrote(collection: SealedSessions.collection, id: SealedSessions.id), .redirected(to: AccountsScene.page()))
    }

    @Test func eachFieldSaysWhatIsWrongAndTheAPIIsNotAsked() async throws {
        let invalid = await test.submit(MoneyboxSignInScene.signIn, form: ["email": "not an email", "password": ""])
        #expect(invalid.status == 422 && invalid.effects.isEmpty)
        #expect(invalid.screen?.field(named: "email")?.error == "Enter an email address such as name@example.com.")
        #expect(invalid.screen?.field(named: "password")?.error == "Enter your password.")
    }

    @Test func whatTheAPIRefusesIsShownWithItsStatus() async throws {
        api.signInFailure.withLock { $0 = .refused(status: 401, message: "Incorrect email address or password.") }
        let refused = await test.submit(MoneyboxSignInScene.signIn, form: ["email": "a@b.c", "password": "wrong"])
        #expect(refused.status == 401 && refused.effects.isEmpty)
        #expect(refused.screen?.mentions("Incorrect email address or password.") == true)
        api.signInFailure.withLock { $0 = .timedOut }
        #expect(await test.submit(MoneyboxSignInScene.signIn, form: ["email": "a@b.c", "password": "p"]).status == 503)
    }
}
