import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// Signing in with a code, scene by scene and exhaustively: asking for a code counts the request
/// and the send, keeps the code and the email being signed in; the right code signs in, clears
/// what was pending and grants the reward; a wrong one is counted and refused.
@Suite("Login's code sign-in scenes")
struct CodeSignInScenesTests {
    let pacing = CodePacingTests()
    let visitor = InMemoryRecordStore(declaredIn: LoginModule.manifest)
    let session = TestVisitorSession()

    var context: SceneContext { .testing(moduleID: "login", clientAddress: "192.0.2.7", session: session, storage: visitor) }
    var landing: SignInLanding { SignInLanding(sessions: .testing(moduleID: "login"), sessionLifetime: .seconds(3600), home: "home") }

    var request: SceneTest<CodeRequestScene> {
        SceneTest(
            CodeRequestScene(codes: pacing.signIn(), progress: StoredCodeProgress(records: visitor)), context: context, exhaustive: true,
            stores: [pacing.records])
    }

    var otp: SceneTest<OTPScene> {
        SceneTest(
            OTPScene(codes: pacing.signIn(), landing: landing, progress: StoredCodeProgress(records: visitor), expiryMinutes: 60),
            context: context, exhaustive: true, stores: [pacing.records])
    }

    @Test func aCodeAskedForIsSentKeptAndTheRightOneSignsIn() async throws {
        try await pacing.createAda()
        #expect(await request.open(CodeRequestScene.page).screen?.field(named: "email") != nil)
        let asked = await request.submit(CodeRequestScene.request, form: ["email": "Ada@example.com"])
        asked.expect(
            .wrote(collection: "code-requests", id: "192.0.2.7"), .wrote(collection: "code-sends", id: "ada@example.com"),
            .wrote(collection: StoredIssuedCodes.collection, id: "ada@example.com"),
            .wrote(collection: StoredCodeProgress.collection, id: "pending"), .redirected(to: OTPScene.page()))
        let code = try #require(pacing.outbox.sent.withLock { $0.last })

        let page = try #require(await otp.open(OTPScene.page).screen)
        #expect(page.shows("If an account has this email, a code is on its way. It works for 60 minutes."))
        let accepted = await otp.submit(OTPScene.submit, form: ["code": code])
        let userID = try #require(session.userID)
        // The guess is counted as it is let in (by address and by email) and the code's tries
        // with it; once right, the code is used up and the counts cleared.
        accepted.expect(
            .wrote(collection: "code-attempts", id: "192.0.2.7"), .wrote(collection: "code-guesses", id: "ada@example.com"),
            .wrote(collection: StoredIssuedCodes.collection, id: "ada@example.com"),
            .deleted(collection: "code-attempts", id: "192.0.2.7"), .deleted(collection: "code-guesses", id: "ada@example.com"),
            .deleted(collection: StoredIssuedCodes.collection, id: "ada@example.com"),
            .deleted(collection: StoredCodeProgress.collection, id: "pending"), .wrote(collection: StoredCodeProgress.collection, id: "reward"),
            .signedIn(userID: userID), .redirected(to: RewardScene.page()))

        let reward = SceneTest(
            RewardScene(progress: StoredCodeProgress(records: visitor), signsIn: true, view: RewardView(home: "home")), context: context,
            exhaustive: true)
        let rewarded = await reward.open(RewardScene.page)
        #expect(rewarded.status == 200 && rewarded.effects.isEmpty)
    }

    @Test func theRewardPageWithoutACodeSendsToTheCodeForm() async throws {
        let reward = SceneTest(
            RewardScene(progress: StoredCodeProgress(records: visitor), signsIn: true, view: RewardView(home: "home")), context: context,
            exhaustive: true)
        await reward.open(RewardScene.page).expect(.redirected(to: OTPScene.page()))
    }

    @Test func aWrongCodeIsCountedAndRefused() async throws {
        try await pacing.createAda()
        let asked = await request.submit(CodeRequestScene.request, form: ["email": "ada@example.com"])
        #expect(asked.status == 303)
        asked.expect(
            .wrote(collection: "code-requests", id: "192.0.2.7"), .wrote(collection: "code-sends", id: "ada@example.com"),
            .wrote(collection: StoredIssuedCodes.collection, id: "ada@example.com"),
            .wrote(collection: StoredCodeProgress.collection, id: "pending"), .redirected(to: OTPScene.page()))
        let refused = await otp.submit(OTPScene.submit, form: ["code": "0000"])
        #expect(refused.status == 401 && refused.screen?.field(named: "code")?.error == "INVALID CODE")
        refused.expect(
            .wrote(collection: "code-attempts", id: "192.0.2.7"), .wrote(collection: "code-guesses", id: "ada@example.com"),
            .wrote(collection: StoredIssuedCodes.collection, id: "ada@example.com"))
        #expect(session.userID == nil)
    }

    @Test func aMalformedEmailOrCodeIsInvalidAndNothingIsWritten() async throws {
        let email = await request.submit(CodeRequestScene.request, form: ["email": "ada"])
        #expect(email.status == 422 && email.screen?.field(named: "email")?.error == "Enter an email address such as name@example.com.")
        #expect(email.effects.isEmpty, "checked before anything is counted")
        let code = await otp.submit(OTPScene.submit, form: ["code": "12"])
        #expect(code.status == 422 && code.effects.isEmpty)
    }
}
