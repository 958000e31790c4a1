import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// The sign-in scene, exhaustively: every record it writes, each sign-in and redirect is asserted.
@Suite("Login's sign-in scene")
struct SignInSceneTests {
    let shared = InMemoryRecordStore(declaredIn: LoginModule.manifest)
    let visitor = InMemoryRecordStore(declaredIn: LoginModule.manifest)
    let session: TestVisitorSession

    init(signedInAs userID: String? = nil) { session = TestVisitorSession(userID: userID) }

    var accounts: Accounts {
        Accounts(repository: StoredAccounts(records: shared, hasher: AccountsTests.PlainHashing()), failures: StoredSignInFailures(records: shared))
    }

    var test: SceneTest<SignInScene> {
        let scene = SignInScene(
            accounts: accounts, landing: SignInLanding(sessions: .testing(moduleID: "login"), sessionLifetime: .seconds(3600), home: "home"),
            providers: IdentityProviders(entries: []),
            providerSession: StoredProviderSession(records: visitor, sealer: TestServices().services.secrets), signedOutURL: "http://h/login",
            view: SignInView(offersCodes: false, providers: []))
        return SceneTest(
            scene, context: .testing(moduleID: "login", returnTo: "/profile", session: session, storage: visitor), exhaustive: true,
            stores: [shared])
    }

    func ada() async throws -> Account {
        try await accounts.signUp(fullName: "Ada Lovelace", email: "ada@example.com", password: "correct horse battery").get()
    }

    @Test func thePageAsksForEmailAndPassword() async throws {
        let page = await test.open(SignInScene.page)
        #expect(page.status == 200)
        let screen = try #require(page.screen)
        #expect(screen.field(named: "email") != nil && screen.field(named: "password") != nil)
    }

    @Test func theRightPasswordSignsInAndGoesBackToThePageThatAsked() async throws {
        let account = try await ada()
        let done = await test.submit(SignInScene.signIn, form: ["email": "ada@example.com", "password": "correct horse battery"])
        #expect(done.status == 303)
        // The attempt is counted as it is let in (so parallel guesses cannot pass the lockout), and
        // the count cleared once the password is right.
        let failures = StoredSignInFailures.collection
        done.expect(
            .wrote(collection: failures, id: "ada@example.com"), .deleted(collection: failures, id: "ada@example.com"),
            .signedIn(userID: account.id), .redirected(to: .path("/profile")))
    }

    @Test func aWrongPasswordIsRefusedAndCounted() async throws {
        _ = try await ada()
        let refused = await test.submit(SignInScene.signIn, form: ["email": "ada@example.com", "password": "wrong"])
        #expect(refused.status == 401)
        #expect(refused.screen?.shows("Email or password is incorrect") == true)
        refused.expect(.wrote(collection: StoredSignInFailures.collection, id: "ada@example.com"))
        #expect(session.userID == nil)
    }

    @Test func aFormWithoutItsFieldsIsInvalidAndDoesNothing() async throws {
        let invalid = await test.submit(SignInScene.signIn, form: ["email": " ", "password": ""])
        #expect(invalid.status == 422 && invalid.effects.isEmpty)
        #expect(invalid.screen?.field(named: "email")?.error == "Enter your email.")
        #expect(invalid.screen?.field(named: "password")?.error == "Enter your password.")
    }

    @Test func fiveWrongPasswordsLockTheEmailOut() async throws {
        _ = try await ada()
        for _ in 1...5 {
            let refused = await test.submit(SignInScene.signIn, form: ["email": "ada@example.com", "password": "wrong"])
            refused.expect(.wrote(collection: StoredSignInFailures.collection, id: "ada@example.com"))
        }
        let locked = await test.submit(SignInScene.signIn, form: ["email": "ada@example.com", "password": "correct horse battery"])
        #expect(locked.status == 429 && locked.effects.isEmpty, "locked out: not even the right password signs in")
    }

    @Test func signingOutEndsTheSessionAndShowsTheSignInPage() async throws {
        let account = try await ada()
        let signedIn = SignInSceneTests(signedInAs: account.id)
        let out = await signedIn.test.submit(SignInScene.signOut, form: [:])
        out.expect(.signedOut, .redirected(to: SignInScene.page()))
        #expect(signedIn.session.userID == nil)
    }
}
