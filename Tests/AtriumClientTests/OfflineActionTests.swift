import AtriumClient
import AtriumTestKit
import Foundation
import Testing

/// What a person does while the host cannot be reached waits in the kit's store and is done once,
/// in order, when the host answers again: across a restart of the app and of the host.
@Suite("Actions made offline")
struct OfflineActionTests {
    static let base = URL(string: "http://atrium.test")!

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "atrium-offline-\(UUID().uuidString)")
    }

    /// A pantry's choices, one set an action: the last one sent is what the pantry keeps.
    static func choice(_ index: Int, of values: [String]) -> Set<String> {
        Set(values.enumerated().filter { ($0.offset + index) % 3 == 0 }.map(\.element))
    }

    @Test func aHundredActionsMadeCutOffAreDoneOnceInOrderAcrossRestartsOfTheAppAndTheHost() async throws {
        let (hostFolder, storeFolder) = (Self.temporaryFolder(), Self.temporaryFolder())
        defer { try? FileManager.default.removeItem(at: storeFolder) }
        let transport = ForwardingTransport(.cut)
        // The host's services (its key among them) are the same across its restart, as a real
        // host's key file is.
        let services = TestServices()
        var host = try await ProductHost.boot(services: services, directory: hostFolder)
        let (made, stopped): ([String], URL) = try await host.serve { address in
            transport.point(.to(address))
            let client = AtriumClient(base: Self.base, transport: transport, store: try FileDocumentStore(folder: storeFolder))
            let made = try await Self.makeAHundredActionsCutOff(client, transport: transport)
            try persist(await client.cookies, in: storeFolder)
            return (made, address)
        }
        #expect(made.count == 100)
        // The host stops (its port refuses now), and starts again on the same storage.
        try host.storage.close()
        transport.point(.to(stopped))
        host = try await ProductHost.boot(services: services, directory: hostFolder)
        defer { host.tearDown() }

        // The app starts again: what waits is read from its store, with the session.
        let client = AtriumClient(base: Self.base, transport: transport, store: try FileDocumentStore(folder: storeFolder))
        await client.restoreCookies(try cookies(in: storeFolder))
        #expect(await client.waitingActions().map(\.id) == made)
        #expect(await client.sendWaiting().isEmpty, "nothing goes while the host is stopped")
        #expect(await client.waitingActions().count == 100)

        try await host.serve { address in
            transport.point(.to(address))
            let started = ContinuousClock.now
            let sent = await client.sendWaiting()
            // A figure, not a goal (speed goals live in the benchmarks): what sending them took here.
            print("OfflineActionTests: 100 waiting actions sent in \(ContinuousClock.now - started)")
            #expect(sent.map(\.action.id) == made, "in the order made")
            // The second page's press was made on £30; sent after the first page's payment, it
            // finds £40: not done, and it says so (the 99th action).
            let secondPage = sent.first { $0.action.id == made[98] }?.result
            if case .changed(let visit) = secondPage {
                #expect(visit.screen?.mentions("Your moneybox changed to £40.00") == true)
            } else {
                Issue.record("the second page's press: \(String(describing: secondPage))")
            }
            for report in sent where report.action.id != made[98] {
                if case .changed(let visit) = report.result {
                    Issue.record("\(report.action.title): changed \(visit.address)")
                } else if case .refused(let visit) = report.result {
                    Issue.record("\(report.action.title): refused \(visit.status) \(visit.address) \(visit.screen?.texts.prefix(3) ?? [])")
                } else if report.result == .expired {
                    Issue.record("\(report.action.title): expired")
                }
            }
            #expect(await client.waitingActions().isEmpty)
            try await Self.expectEachDoneOnce(client)
        }
    }

    /// Signs up, opens the pantry, Pilot and a Moneybox product (twice: two pages made on £30),
    /// then, cut off, makes 80 pantry choices, presses "Add £10" 18 times on the first kept product
    /// page and once on the second, and registers as a pilot: each waits, shown on the kept page it
    /// was made on. Their ids, in the order made.
    static func makeAHundredActionsCutOff(_ client: AtriumClient, transport: ForwardingTransport) async throws -> [String] {
        _ = try await ClientFlowTests.signUp(client)
        let pantry = try await client.open("/cookbook/pantry")
        let pantryForm = try #require(pantry.screen?.forms.first { !$0.toggles.isEmpty })
        let register = try #require(try await client.open("/pilot").screen?.form(withInput: "license"))
        let signIn = try #require(try await client.open("/moneybox").screen?.form(withInput: "email"))
        let accounts = try await client.submit(signIn, values: ["email": "test+ios@moneyboxapp.com", "password": "P455word12"])
        let isa = try #require(accounts.screen?.links.first { $0.target == .path("/moneybox/accounts/8043") })
        let addTen = try #require(try await client.follow(isa.target).screen?.button(titled: "Add £10"))
        // A second page of the same account, made on the same £30: its press is another payment.
        let addTenAgain = try #require(try await client.follow(isa.target).screen?.button(titled: "Add £10"))

        transport.point(.cut)
        var made: [String] = []
        // The person goes back to the pantry: its kept copy, not current.
        #expect(try await client.open("/cookbook/pantry").outcome == .offline)
        for index in 0..<80 {
            let chosen = choice(index, of: pantryForm.toggles.map(\.value))
            let visit = try await client.submit(
                pantryForm, toggles: Dictionary(uniqueKeysWithValues: pantryForm.toggles.map { ($0, chosen.contains($0.value)) }))
            guard case .waiting(let id) = visit.outcome else { throw Unexpected(outcome: visit.outcome) }
            #expect(!visit.isCurrent && visit.screen?.title == pantry.screen?.title, "shown on the kept pantry page")
            made.append(id)
        }
        #expect(try await client.open("/moneybox/accounts/8043").outcome == .offline)
        for _ in 0..<18 {
            let visit = try await client.press(addTen)
            guard case .waiting(let id) = visit.outcome else { throw Unexpected(outcome: visit.outcome) }
            made.append(id)
        }
        let again = try await client.press(addTenAgain)
        guard case .waiting(let id) = again.outcome else { throw Unexpected(outcome: again.outcome) }
        made.append(id)
        #expect(try await client.open("/pilot").outcome == .offline)
        let registered = try await client.submit(
            register, values: ["name": "Offline Pilot", "license": "PPL", "password": "A9sDk3fJ1lM2", "verification": "A9sDk3fJ1lM2"])
        guard case .waiting(let id) = registered.outcome else { throw Unexpected(outcome: registered.outcome) }
        made.append(id)
        #expect(await client.waitingActions().map(\.id) == made)
        return made
    }

    /// The pantry holds the last choice sent; one £10 was added (one kept product page is one
    /// payment); the pilot is registered.
    static func expectEachDoneOnce(_ client: AtriumClient) async throws {
        let pantry = try await client.open("/cookbook/pantry")
        let form = try #require(pantry.screen?.forms.first { !$0.toggles.isEmpty })
        #expect(Set(form.toggles.filter(\.isOn).map(\.value)) == choice(79, of: form.toggles.map(\.value)))
        let product = try await client.open("/moneybox/accounts/8043")
        let moneys: [String] = product.screen?.allNodes.compactMap { if case .money(let money) = $0 { money.formatted() } else { nil } } ?? []
        #expect(moneys.contains("£40.00"), "one payment of £10 on £30: \(product.address) \(moneys)")
        #expect(try await client.open("/pilot").screen?.mentions("Welcome Offline Pilot!") == true)
    }

    /// An action that did not wait.
    struct Unexpected: Error {
        let outcome: Outcome
    }

    /// A product host serving a person signed up on a phone whose network `body` can cut.
    static func withPhone(_ body: @Sendable (AtriumClient, URL, ForwardingTransport) async throws -> Void) async throws {
        let host = try await ProductHost.boot()
        defer { host.tearDown() }
        let transport = ForwardingTransport(.cut)
        try await host.serve { address in
            transport.point(.to(address))
            let phone = AtriumClient(base: Self.base, transport: transport)
            _ = try await ClientFlowTests.signUp(phone)
            try await body(phone, address, transport)
        }
    }

    @Test func anActionWhoseAnswerWasLostIsDoneOnceWhenSentAgain() async throws {
        try await Self.withPhone { phone, address, transport in
            let register = try #require(try await phone.open("/pilot").screen?.form(withInput: "license"))
            // The registration reaches the host, its answer does not: it waits.
            transport.point(.losingAnswers(address))
            let lost = try await phone.submit(
                register, values: ["name": "Lost Answer", "license": "PPL", "password": "A9sDk3fJ1lM2", "verification": "A9sDk3fJ1lM2"])
            guard case .waiting = lost.outcome else {
                Issue.record("\(lost.outcome)")
                return
            }
            // Meanwhile, on another device of the same account, the pilot logs out.
            transport.point(.to(address))
            let tablet = AtriumClient(base: Self.base, transport: transport)
            let signIn = try #require(try await tablet.open("/login").screen?.form(withInput: "email"))
            _ = try await tablet.submit(signIn, values: ["email": ClientFlowTests.ada["email"]!, "password": ClientFlowTests.ada["password"]!])
            let confirmation = try await tablet.open("/pilot")
            #expect(confirmation.screen?.mentions("Welcome Lost Answer!") == true, "the first send registered")
            _ = try await tablet.press(try #require(confirmation.screen?.button(titled: "Logout")))
            // The phone sends it again, with its key: the host answers what it did, and does not
            // register a second time.
            let sent = await phone.sendWaiting()
            #expect(sent.count == 1)
            guard case .done = sent.first?.result else {
                Issue.record("\(String(describing: sent.first?.result))")
                return
            }
            #expect(try await tablet.open("/pilot").screen?.form(withInput: "license") != nil, "still logged out: done once")
        }
    }

    @Test func anActionMadeOnWhatHasChangedSinceComesBackAsChangedNotDone() async throws {
        try await Self.withPhone { phone, address, transport in
            let signIn = try #require(try await phone.open("/moneybox").screen?.form(withInput: "email"))
            _ = try await phone.submit(signIn, values: ["email": "test+ios@moneyboxapp.com", "password": "P455word12"])
            // The person keeps a product page showing £30 open, and adds £10 on a fresh one: £40.
            let kept = try #require(try await phone.open("/moneybox/accounts/8043").screen?.button(titled: "Add £10"))
            let fresh = try #require(try await phone.open("/moneybox/accounts/8043").screen?.button(titled: "Add £10"))
            #expect(kept.basis != nil && kept.basis == fresh.basis, "both made on £30")
            #expect(try await phone.press(fresh).screen?.mentions("Your moneybox is now") == true)
            let register = try #require(try await phone.open("/pilot").screen?.form(withInput: "license"))
            // On a tablet of the same account, the pilot registers meanwhile.
            let tablet = AtriumClient(base: Self.base, transport: transport)
            let tabletSignIn = try #require(try await tablet.open("/login").screen?.form(withInput: "email"))
            _ = try await tablet.submit(tabletSignIn, values: ["email": ClientFlowTests.ada["email"]!, "password": ClientFlowTests.ada["password"]!])
            let tabletForm = try #require(try await tablet.open("/pilot").screen?.form(withInput: "license"))
            let typed = ["license": "PPL", "password": "A9sDk3fJ1lM2", "verification": "A9sDk3fJ1lM2"]
            _ = try await tablet.submit(tabletForm, values: typed.merging(["name": "Tablet Pilot"]) { $1 })

            // Cut off, the phone presses "Add £10" on the kept £30 page and registers: both wait.
            transport.point(.cut)
            guard case .waiting = try await phone.press(kept).outcome else { throw Unexpected(outcome: .offline) }
            let phoneTyped = typed.merging(["name": "Phone Pilot"]) { $1 }
            guard case .waiting = try await phone.submit(register, values: phoneTyped).outcome else { throw Unexpected(outcome: .offline) }

            transport.point(.to(address))
            let sent = await phone.sendWaiting()
            #expect(sent.count == 2)
            guard sent.count == 2, case .changed(let payment) = sent[0].result, case .changed(let registration) = sent[1].result else {
                Issue.record("\(sent.map(\.result))")
                return
            }
            #expect(payment.status == 409 && payment.outcome == .changed)
            #expect(payment.screen?.mentions("Your moneybox changed to £40.00 since this page was shown") == true)
            let moneys: [String] = payment.screen?.allNodes.compactMap { if case .money(let money) = $0 { money.formatted() } else { nil } } ?? []
            #expect(moneys.contains("£40.00") && !moneys.contains("£50.00"), "nothing added: \(moneys)")
            #expect(registration.screen?.mentions("You registered as Tablet Pilot on another page") == true)
            let again = try #require(registration.screen?.form(withInput: "license"))
            #expect(again.entries().first { $0.name == "name" }?.value == "Phone Pilot", "the input is kept")
            #expect(try await tablet.open("/pilot").screen?.mentions("Welcome Tablet Pilot!") == true, "nothing replaced")
            // Sent again from the page it came back with, it acts on what that page shows.
            _ = try await phone.submit(again, values: ["password": typed["password"]!, "verification": typed["verification"]!])
            #expect(try await tablet.open("/pilot").screen?.mentions("Welcome Phone Pilot!") == true)
        }
    }

    @Test func waitingActionsCanBeCancelledAreBoundedAndExpire() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try FileDocumentStore(folder: folder)
        let old = PendingAction(
            id: "old", address: "/pilot", body: Data(), shownOn: "/pilot", title: "Register",
            madeAt: Date(timeIntervalSinceNow: -AtriumClient.waitingLifetime - 60))
        let recent = PendingAction(id: "recent", address: "/pilot", body: Data(), shownOn: "/pilot", title: "Register", madeAt: Date())
        await store.keepWaiting([old, recent])
        let transport = ForwardingTransport(.cut)
        let client = AtriumClient(base: Self.base, transport: transport, store: store)
        #expect(await client.cancel("recent"))
        #expect(await client.cancel("recent") == false)
        #expect(try await FileDocumentStore(folder: folder).waitingActions().map(\.id) == ["old"], "a cancel is kept")
        // Too old to send: the host no longer keeps its key.
        let sent = await client.sendWaiting()
        #expect(sent == [SentAction(action: old, result: .expired)])
        #expect(await client.waitingActions().isEmpty)
        // At most so many wait.
        let full = (0..<AtriumClient.waitingLimit).map {
            PendingAction(id: "a\($0)", address: "/x", body: Data(), shownOn: "/x", title: "X", madeAt: Date())
        }
        await store.keepWaiting(full)
        let refilled = AtriumClient(base: Self.base, transport: transport, store: store)
        let page = ClientKitTests.document(
            "X", content: #"{"type":"button","title":"X","isEnabled":true,"style":"primary","action":{"path":"/x"}}"#)
        let button = try #require(try SceneDocument(data: Data(page.utf8)).screen.button(titled: "X"))
        await #expect(throws: ClientError.tooManyWaiting(limit: AtriumClient.waitingLimit)) { try await refilled.press(button) }
        // Signing out (another session) forgets what waited with the pages.
        await refilled.restoreCookies([AtriumClient.sessionCookie: "another"])
        #expect(await refilled.waitingActions().isEmpty)
        #expect(await store.waitingActions().isEmpty)
    }
}

/// The session's cookies beside the kit's store, as an app keeps them (in its keychain).
private func persist(_ cookies: [String: String], in folder: URL) throws {
    try JSONEncoder().encode(cookies).write(to: folder.appending(path: "test-cookies.json"))
}

private func cookies(in folder: URL) throws -> [String: String] {
    try JSONDecoder().decode([String: String].self, from: Data(contentsOf: folder.appending(path: "test-cookies.json")))
}
