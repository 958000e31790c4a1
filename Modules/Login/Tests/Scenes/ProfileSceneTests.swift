import AtriumContracts
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

@Suite("Login's profile scene")
struct ProfileSceneTests {
    let records = InMemoryRecordStore(declaredIn: LoginModule.manifest)

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

    @Test func aChargeIsStoredAsWhatHappenedAndWordedInTheReadersLanguage() async throws {
        let account = try await ada()
        var short = ride("r1", by: account.id, costing: "1", in: "EUR")
        short.minutes = 1
        try await RideCharges(charges: charges).charge(for: short, delivery: delivery("e1"))
        let stored = try #require(try await records.record(AccountCharges.self, id: account.id, in: StoredCharges.collection)?.latest.first)
        #expect(stored.reason == .ride(vehicleName: "E-bike", minutes: 1), "what happened, not a sentence")
        let details = try #require(
            await SceneTest(
                ProfileDetailsScene(accounts: accounts, charges: charges),
                context: .testing(moduleID: "login", session: TestVisitorSession(userID: account.id))
            ).load().screen)
        #expect(try details.translated(into: "en", by: LoginModule.self).shows("E-bike ride, 1 minute"))
        #expect(try details.translated(into: "es", by: LoginModule.self).shows("Viaje en E-bike, 1 minuto"), "the feed's name stays as it is")
    }

    /// The expand migration `1-charges-as-data`: the data beside the sentence, which stays for a
    /// host of the version before; a sentence of another form, or a record with none, is left as is.
    @Test func theMigrationGivesASentenceChargeItsDataAndKeepsTheSentence() throws {
        let before =
            #"{"latest":[{"date":800000000,"what":"Cargo bike ride, 12 minutes","amount":{"amount":-2,"currency":"EUR"}},"#
            + #"{"date":800000001,"what":"Refund","amount":{"amount":2,"currency":"EUR"}}],"balances":{"EUR":0},"rides":1}"#
        let after = try ChargesAsData.withData(Data(before.utf8))
        let charges = try JSONDecoder().decode(AccountCharges.self, from: after)
        #expect(charges.latest.map(\.reason) == [.ride(vehicleName: "Cargo bike", minutes: 12), .described("Refund")])
        #expect(charges.rides == 1 && charges.balances == ["EUR": 0])
        let stored = try #require(try JSONSerialization.jsonObject(with: after) as? [String: Any])
        let first = try #require((stored["latest"] as? [[String: Any]])?.first)
        #expect(first["what"] as? String == "Cargo bike ride, 12 minutes", "the version before reads the sentence still")
        let untouched = #"{"latest":[{"date":1,"what":"Refund","amount":{"amount":2,"currency":"EUR"}}],"rides":0}"#
        #expect(try ChargesAsData.withData(Data(untouched.utf8)) == Data(untouched.utf8))
        #expect(ChargesAsData.ride(in: " ride, 3 minutes") == nil && ChargesAsData.ride(in: "Bike ride, many minutes") == nil)
    }

    @Test func aChargeStoredAsASentenceBeforeChargesWereDataIsStillShown() async throws {
        let account = try await ada()
        // As the module stored charges before: the English sentence in `what`.
        let before =
            #"{"latest":[{"date":800000000,"what":"E-bike ride, 3 minutes","amount":{"amount":-2,"currency":"EUR"}}],"#
            + #""balances":{"EUR":-2},"rides":1}"#
        let charges = try JSONDecoder().decode(AccountCharges.self, from: Data(before.utf8))
        #expect(charges.latest.first?.reason == .described("E-bike ride, 3 minutes"))
        try await records.save(charges, id: account.id, in: StoredCharges.collection)
        try await RideCharges(charges: self.charges).charge(for: ride("r2", by: account.id, costing: "1", in: "EUR"), delivery: delivery("e2"))
        let details = try #require(
            await SceneTest(
                ProfileDetailsScene(accounts: accounts, charges: self.charges),
                context: .testing(moduleID: "login", session: TestVisitorSession(userID: account.id))
            ).load().screen)
        let spanish = try details.translated(into: "es", by: LoginModule.self)
        #expect(spanish.shows("E-bike ride, 3 minutes") && spanish.shows("Viaje en E-bike, 12 minutos"), "the old one as stored, the new one worded")
        #expect(throws: DecodingError.self, "a kind this version does not know is an error, not a guess") {
            try JSONDecoder().decode(Charge.self, from: Data(#"{"date":0,"kind":"parking","amount":{"amount":1,"currency":"EUR"}}"#.utf8))
        }
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
