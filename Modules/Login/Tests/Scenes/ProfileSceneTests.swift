import AtriumContracts
import AtriumSDK
import AtriumTestKit
import Testing

@testable import Login

@Suite("Login's profile scene")
struct ProfileSceneTests {
    /// Rides as Mobility would count them.
    struct Rides: RideHistory {
        let count: Int
        func rideCount(forUser userID: String) async throws -> Int { count }
        var path: String { "/map" }
    }

    let records = InMemoryRecordStore()

    var accounts: Accounts {
        Accounts(repository: StoredAccounts(records: records, hasher: AccountsTests.PlainHashing()), failures: StoredSignInFailures(records: records))
    }

    func test(signedInAs userID: String?, rides: (any RideHistory)?) -> SceneTest<ProfileScene> {
        SceneTest(
            ProfileScene(accounts: accounts),
            context: .testing(moduleID: "login", session: TestVisitorSession(userID: userID), capabilities: [.rides: rides]))
    }

    func ada() async throws -> Account {
        try await accounts.signUp(fullName: "Ada Lovelace", email: "ada@example.com", password: "correct horse battery").get()
    }

    @Test func theProfileShowsTheAccountWithoutRidesWhenNoModuleCountsThem() async throws {
        let account = try await ada()
        let page = await test(signedInAs: account.id, rides: nil).load()
        #expect(page.status == 200)
        let screen = try #require(page.screen)
        #expect(screen.shows("Ada Lovelace") && screen.shows("ada@example.com"))
        #expect(screen.shows("0 Rides") && screen.tabs.isEmpty, "the account's own count, and no tabs without a map")
        #expect(screen.images.first?.placeholder == "AL")
        #expect(screen.button(titled: "Logout")?.action == SignInScene.signOut())
    }

    @Test func withRidesCountedElsewhereItShowsThemAndTheTabs() async throws {
        let account = try await ada()
        let screen = try #require(await test(signedInAs: account.id, rides: Rides(count: 1)).load().screen)
        #expect(screen.shows("1 Ride"), "in the singular")
        #expect(screen.tabs.map(\.title) == ["Map", "Profile"] && screen.tabs.last?.isSelected == true)
        #expect(screen.tabs.first?.target == .path("/map"))
    }

    @Test func savingTheSwitchesKeepsThemAndComesBack() async throws {
        let account = try await ada()
        let test = test(signedInAs: account.id, rides: nil)
        let saved = await test.submit(ProfileScene.saveNotifications, form: ["news": "true"])
        #expect(saved.status == 303 && saved.redirect == ProfileScene.page())
        let screen = try #require(await test.load().screen)
        #expect(screen.toggle(named: "push")?.isOn == false && screen.toggle(named: "news")?.isOn == true)
    }

    @Test func anAccountThatIsGoneIsAFailedPageNotACrash() async throws {
        let page = await test(signedInAs: "nobody", rides: nil).load()
        #expect(page.status == 503)
        #expect(page.screen?.mentions("Your account could not be found. Sign in again.") == true)
    }
}
