import AtriumContracts
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

@Suite("Login's profile scene")
struct ProfileSceneTests {
    let records = InMemoryRecordStore()

    var accounts: Accounts {
        Accounts(repository: StoredAccounts(records: records, hasher: AccountsTests.PlainHashing()), failures: StoredSignInFailures(records: records))
    }

    var charges: StoredCharges { StoredCharges(records: records) }

    func test(signedInAs userID: String?, mapTab: LinkTarget? = nil) -> SceneTest<ProfileScene> {
        SceneTest(
            ProfileScene(accounts: accounts, charges: charges, view: ProfileView(mapTab: mapTab)),
            context: .testing(moduleID: "login", session: TestVisitorSession(userID: userID)))
    }

    /// A ride as Mobility publishes it.
    func ride(_ id: String, by riderID: String, costing price: String, in currency: String) -> RideEnded {
        RideEnded(
            rideID: id, riderID: riderID, vehicleID: "v1", vehicleName: "E-bike", startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            endedAt: Date(timeIntervalSince1970: 1_800_000_720), minutes: 12, price: Money(Decimal(string: price)!, currency: currency))
    }

    func delivery(_ id: String) -> EventDelivery { EventDelivery(eventID: id, publisher: "mobility", publishedAt: Date(), attempt: 1) }

    func ada() async throws -> Account {
        try await accounts.signUp(fullName: "Ada Lovelace", email: "ada@example.com", password: "correct horse battery").get()
    }

    @Test func theProfileShowsTheAccountWithNoChargesAndNoTabsWithoutAMap() async throws {
        let account = try await ada()
        let page = await test(signedInAs: account.id).load()
        #expect(page.status == 200)
        let screen = try #require(page.screen)
        #expect(screen.shows("Ada Lovelace") && screen.shows("ada@example.com"))
        #expect(screen.shows("0 Rides") && screen.tabs.isEmpty, "no rides charged, and no tabs without a map")
        #expect(screen.amounts == [Money(0, currency: "GBP")])
        #expect(screen.images.first?.placeholder == "AL")
        #expect(screen.button(titled: "Logout")?.action == SignInScene.signOut())
    }

    @Test func endedRidesAreChargedInTheirCurrencyWithABalanceForEach() async throws {
        let account = try await ada()
        let charging = RideCharges(charges: charges)
        try await charging.charge(for: ride("r1", by: account.id, costing: "4.60", in: "USD"), delivery: delivery("e1"))
        let one = try #require(await test(signedInAs: account.id, mapTab: .named("map")).load().screen)
        #expect(try one.translated(into: "en", by: LoginModule.self).shows("1 Ride"), "in the singular (English's plural forms are the catalog's)")
        #expect(one.amounts == [Money(Decimal(string: "-4.60")!, currency: "USD")])
        #expect(one.tabs.map(\.title) == ["Map", "Profile"] && one.tabs.last?.isSelected == true)
        #expect(one.tabs.first?.target == .named("map"))
        try await charging.charge(for: ride("r2", by: account.id, costing: "1.15", in: "USD"), delivery: delivery("e2"))
        try await charging.charge(for: ride("r3", by: account.id, costing: "2.00", in: "EUR"), delivery: delivery("e3"))
        let three = try #require(await test(signedInAs: account.id).load().screen)
        #expect(three.shows("3 Rides"))
        #expect(
            three.amounts == [Money(Decimal(string: "-2")!, currency: "EUR"), Money(Decimal(string: "-5.75")!, currency: "USD")],
            "a balance per currency, no exchange rate invented")
        let details = try #require(
            await SceneTest(
                ProfileDetailsScene(accounts: accounts, charges: charges),
                context: .testing(moduleID: "login", session: TestVisitorSession(userID: account.id))
            ).load().screen)
        #expect(details.shows("E-bike ride, 12 minutes"))
        #expect(details.amounts.first == Money(Decimal(string: "-2")!, currency: "EUR"), "newest first")
        #expect(details.amounts.count == 3)
        #expect(try await charges.charges(of: "someone else").rides == 0)
    }

    @Test func anAccountKeepsItsLatestChargesAndEveryRideInItsTotals() async throws {
        let account = try await ada()
        let charging = RideCharges(charges: charges)
        for index in 0..<(AccountCharges.keptCharges + 5) {
            try await charging.charge(for: ride("r\(index)", by: account.id, costing: "1", in: "USD"), delivery: delivery("e\(index)"))
        }
        let kept = try await charges.charges(of: account.id)
        #expect(kept.latest.count == AccountCharges.keptCharges && kept.rides == AccountCharges.keptCharges + 5)
        #expect(kept.balances["USD"] == Decimal(-(AccountCharges.keptCharges + 5)))
    }

    @Test func savingTheSwitchesKeepsThemAndComesBack() async throws {
        let account = try await ada()
        let test = test(signedInAs: account.id)
        let saved = await test.submit(ProfileScene.saveNotifications, form: ["news": "true"])
        #expect(saved.status == 303 && saved.redirect == ProfileScene.page())
        let screen = try #require(await test.load().screen)
        #expect(screen.toggle(named: "push")?.isOn == false && screen.toggle(named: "news")?.isOn == true)
    }

    @Test func anAccountThatIsGoneIsAFailedPageNotACrash() async throws {
        let page = await test(signedInAs: "nobody").load()
        #expect(page.status == 503)
        #expect(page.screen?.mentions("Your account could not be found. Sign in again.") == true)
    }
}
