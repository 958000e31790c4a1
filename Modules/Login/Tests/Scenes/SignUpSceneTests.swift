import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// The sign-up scene, exhaustively: the account and its email written, the sign-in and the
/// redirect asserted; a refused form writes nothing.
@Suite("Login's sign-up scene")
struct SignUpSceneTests {
    let shared = InMemoryRecordStore(declaredIn: LoginModule.manifest)
    let session = TestVisitorSession()

    var test: SceneTest<SignUpScene> {
        let accounts = Accounts(
            repository: StoredAccounts(records: shared, hasher: AccountsTests.PlainHashing()), failures: StoredSignInFailures(records: shared))
        let scene = SignUpScene(
            accounts: accounts, landing: SignInLanding(sessions: .testing(moduleID: "login"), sessionLifetime: .seconds(3600), home: "home"))
        return SceneTest(scene, context: .testing(moduleID: "login", session: session), exhaustive: true, stores: [shared])
    }

    @Test func thePageAsksForNameEmailAndPassword() async throws {
        let screen = try #require(await test.open(SignUpScene.page).screen)
        #expect(["fullName", "email", "password"].allSatisfy { screen.field(named: $0) != nil })
    }

    @Test func anAccountIsCreatedAndItsVisitorSignedIn() async throws {
        let created = await test.submit(
            SignUpScene.signUp, form: ["fullName": "Ada Lovelace", "email": "Ada@Example.com", "password": "correct horse battery"])
        #expect(created.status == 303)
        let userID = try #require(session.userID)
        created.expect(
            .wrote(collection: "accounts", id: userID), .wrote(collection: "emails", id: "ada@example.com"), .signedIn(userID: userID),
            .redirected(to: .named("home")))
    }

    @Test func eachFieldSaysWhatIsWrongAndNothingIsWritten() async throws {
        let refused = await test.submit(SignUpScene.signUp, form: ["fullName": "", "email": "ada", "password": "short"])
        #expect(refused.status == 422 && refused.effects.isEmpty)
        let screen = try #require(refused.screen)
        #expect(screen.field(named: "fullName")?.error == "Enter your full name.")
        #expect(screen.field(named: "email")?.error == "Enter an email address such as name@example.com.")
        #expect(screen.field(named: "password")?.error == "Password must be at least 12 characters.")
        #expect(session.userID == nil)
    }

    @Test func anEmailTakenIsRefusedWithoutSigningIn() async throws {
        let first = await test.submit(SignUpScene.signUp, form: ["fullName": "Ada", "email": "ada@example.com", "password": "correct horse battery"])
        let userID = try #require(session.userID)
        first.expect(
            .wrote(collection: "accounts", id: userID), .wrote(collection: "emails", id: "ada@example.com"), .signedIn(userID: userID),
            .redirected(to: .named("home")))
        try await session.signOut()
        let taken = await test.submit(SignUpScene.signUp, form: ["fullName": "Eve", "email": "ada@example.com", "password": "another password"])
        #expect(taken.status == 422)
        #expect(taken.screen?.field(named: "email")?.error == "An account with this email already exists. Sign in instead.")
        // A wrong password for a taken email counts as a failed sign-in (the lockout's record).
        taken.expect(.wrote(collection: StoredSignInFailures.collection, id: "ada@example.com"))
        #expect(session.userID == nil)
    }
}
