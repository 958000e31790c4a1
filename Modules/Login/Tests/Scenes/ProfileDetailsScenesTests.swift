import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// The profile's details and their form, exhaustively: the account written when every field is
/// valid, nothing when one is not; both pages are for people signed in.
@Suite("Login's profile details scenes")
struct ProfileDetailsScenesTests {
    let records = InMemoryRecordStore(declaredIn: LoginModule.manifest)

    var accounts: Accounts {
        Accounts(repository: StoredAccounts(records: records, hasher: AccountsTests.PlainHashing()), failures: StoredSignInFailures(records: records))
    }

    func edit(signedInAs userID: String?) -> SceneTest<ProfileDetailsEditScene> {
        SceneTest(
            ProfileDetailsEditScene(accounts: accounts), context: .testing(moduleID: "login", session: TestVisitorSession(userID: userID)),
            exhaustive: true, stores: [records])
    }

    func details(signedInAs userID: String?) -> SceneTest<ProfileDetailsScene> {
        SceneTest(
            ProfileDetailsScene(accounts: accounts, charges: StoredCharges(records: records)),
            context: .testing(moduleID: "login", session: TestVisitorSession(userID: userID)), exhaustive: true, stores: [records])
    }

    func ada() async throws -> Account {
        try await accounts.signUp(fullName: "Ada Lovelace", email: "ada@example.com", password: "correct horse battery").get()
    }

    @Test func bothPagesSendAVisitorToSignInFirst() async throws {
        await edit(signedInAs: nil).open(ProfileDetailsEditScene.page).expect(
            .redirected(to: .returning(.named(.signIn), to: .path("/profile/details/edit"))))
        await details(signedInAs: nil).open(ProfileDetailsScene.page).expect(
            .redirected(to: .returning(.named(.signIn), to: .path("/profile/details"))))
        let refused = await edit(signedInAs: nil).submit(ProfileDetailsEditScene.save, form: ["givenName": "Eve"])
        refused.expect(.redirected(to: .returning(.named(.signIn), to: .path("/profile/details/edit"))))
    }

    @Test func theFormStartsFromTheAccountAndSavesValidDetails() async throws {
        let account = try await ada()
        let form = try #require(await edit(signedInAs: account.id).open(ProfileDetailsEditScene.page).screen)
        #expect(form.field(named: "givenName") != nil && form.field(named: "familyName") != nil)
        let saved = await edit(signedInAs: account.id).submit(
            ProfileDetailsEditScene.save, form: ["givenName": "Augusta", "familyName": "King", "nickname": "Ada", "picture": ""])
        saved.expect(.wrote(collection: "accounts", id: account.id), .redirected(to: ProfileDetailsScene.page()))
        let shown = try #require(await details(signedInAs: account.id).open(ProfileDetailsScene.page).screen)
        #expect(shown.shows("Augusta") && shown.shows("King"))
    }

    @Test func anInvalidFieldIsRefusedWithWhatWasTypedAndNothingSaved() async throws {
        let account = try await ada()
        let refused = await edit(signedInAs: account.id).submit(
            ProfileDetailsEditScene.save, form: ["givenName": "Augusta", "familyName": "King", "picture": "javascript:alert(1)"])
        #expect(refused.status == 422 && refused.effects.isEmpty)
        #expect(refused.screen?.field(named: "picture")?.value == "javascript:alert(1)")
        #expect(refused.screen?.field(named: "picture")?.error != nil)
        #expect(try await accounts.account(id: account.id)?.givenName != "Augusta")
    }
}
