import AtriumClient
import AtriumTestKit
import Foundation
import Testing

/// Every module's main flow, driven through the client kit alone against a host serving HTTP on a
/// port: no HTML, no test browser; only what a native app has.
@Suite("The client kit drives every module")
struct ClientFlowTests {
    static let ada = ["fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"]

    /// Signs Ada up through the sign-up form; the visit ends on her profile.
    static func signUp(_ client: AtriumClient) async throws -> Visit {
        let signUp = try await client.open("/signup")
        let form = try #require(signUp.screen?.form(withInput: "email"))
        return try await client.submit(form, values: ada)
    }

    @Test func signUpSignOutAndSignInAgain() async throws {
        try await ProductHost.withClient { client, _ in
            let login = try await client.open("/login")
            let toSignUp = try #require(login.screen?.links.first { $0.title == "Don't have an account? Sign up" })
            let signUp = try await client.follow(toSignUp.target)
            #expect(signUp.address == "/signup")

            let weak = try await client.submit(try #require(signUp.screen?.form(withInput: "password")), values: ["password": "short"])
            #expect(weak.outcome == .invalid && weak.status == 422)
            #expect(weak.screen?.mentions("Password must be at least 12 characters.") == true)

            let profile = try await Self.signUp(client)
            #expect(profile.outcome == .shown && profile.address == "/profile")
            #expect(profile.screen?.mentions("Ada Lovelace") == true && profile.screen?.mentions("ada@example.com") == true)

            let signedOut = try await client.press(try #require(profile.screen?.button(titled: "Logout")))
            #expect(signedOut.address == "/login")
            #expect(try await client.open("/profile").address == "/login?returnTo=/profile", "signed out: the profile asks to sign in")

            let loginForm = try #require(try await client.open("/login").screen?.form(withInput: "email"))
            let wrong = try await client.submit(loginForm, values: ["email": "ada@example.com", "password": "incorrect horse"])
            #expect(wrong.outcome == .unauthorized && wrong.screen?.mentions("Email or password is incorrect") == true)
            let back = try await client.submit(loginForm, values: ["email": "ADA@example.com", "password": "correct horse battery"])
            #expect(back.address == "/profile" && back.screen?.mentions("Ada Lovelace") == true)
        }
    }

    @Test func aOneTimeCodeSignsInAndTheRewardContinues() async throws {
        let services = TestServices()
        try await ProductHost.withClient(services: services) { client, _ in
            _ = try await Self.signUp(client)
            _ = try await client.press(try #require(try await client.open("/profile").screen?.button(titled: "Logout")))

            let login = try await client.open("/login")
            let withCode = try await client.follow(try #require(login.screen?.links.first { $0.title == "Sign in with a code" }).target)
            services.random.script(digits: "4821")
            let asked = try await client.submit(try #require(withCode.screen?.form(withInput: "email")), values: ["email": "ada@example.com"])
            #expect(asked.address.hasPrefix("/otp"))
            #expect(asked.screen?.mentions("a code is on its way") == true)
            let codeForm = try #require(asked.screen?.form(withInput: "code"))
            let wrong = try await client.submit(codeForm, values: ["code": "0000"])
            #expect(wrong.outcome == .unauthorized && wrong.screen?.mentions("INVALID CODE") == true)
            let reward = try await client.submit(try #require(wrong.screen?.form(withInput: "code")), values: ["code": "4821"])
            #expect(reward.address == "/reward" && reward.screen?.mentions("You are signed in.") == true)
            #expect(try await client.open("/profile").screen?.mentions("Ada Lovelace") == true)
        }
    }

    @Test func pilotRegistrationIsRefusedWithEveryMessageThenConfirmed() async throws {
        try await ProductHost.withClient { client, _ in
            let register = try await client.open("/pilot")
            #expect(register.screen?.title == "Register")
            let form = try #require(register.screen?.form(withInput: "license"))
            let refused = try await client.submit(form, values: ["name": "   ", "password": "abc", "verification": "abd"])
            #expect(refused.outcome == .invalid)
            for message in ["Must contain at least one non-whitespace character.", "Must be identical to the password."] {
                #expect(refused.screen?.mentions(message) == true, "\(message)")
            }
            let picker = try #require(
                form.content.flatMap { [$0] + $0.descendants }.compactMap { if case .picker(let picker) = $0 { picker } else { nil } }.first)
            #expect(picker.options.contains { $0.value == "PPL" })
            let confirmed = try await client.submit(
                form, values: ["name": "TestUser", "license": "PPL", "password": "A9sDk3fJ1lM2", "verification": "A9sDk3fJ1lM2"])
            #expect(confirmed.address == "/pilot" && confirmed.screen?.title == "Confirmation")
            #expect(confirmed.screen?.mentions("Welcome TestUser!") == true && confirmed.screen?.mentions("C172") == true)
        }
    }

    @Test func aPantryChangeFiltersDiscover() async throws {
        try await ProductHost.withClient { client, _ in
            let pantry = try await client.open("/cookbook/pantry")
            let form = try #require(pantry.screen?.forms.first { !$0.toggles.isEmpty })
            let chosen = Set(["biscuit", "butter", "sugar"])
            let toggles = Dictionary(uniqueKeysWithValues: form.toggles.map { ($0, chosen.contains($0.value)) })
            let discover = try await client.submit(form, toggles: toggles)
            #expect(discover.address == "/cookbook")
            #expect(discover.screen?.mentions("Cheesecake") == true)
            #expect(discover.screen?.mentions("Missing: chocolate") == true)
            let again = try await client.open("/cookbook/pantry")
            let kept = try #require(again.screen?.forms.first { !$0.toggles.isEmpty }).toggles.filter(\.isOn).map(\.value)
            #expect(Set(kept) == chosen, "the pantry keeps what was chosen")
        }
    }

    @Test func moneyboxSignInAndAddTenPounds() async throws {
        try await ProductHost.withClient { client, _ in
            let signIn = try await client.open("/moneybox")
            let form = try #require(signIn.screen?.form(withInput: "email"))
            let refused = try await client.submit(form, values: ["email": "test+ios@moneyboxapp.com", "password": "nope"])
            #expect(refused.outcome == .unauthorized)
            #expect(refused.screen?.mentions("Incorrect email address or password.") == true)
            let accounts = try await client.submit(form, values: ["email": "test+ios@moneyboxapp.com", "password": "P455word12"])
            #expect(accounts.address == "/moneybox/accounts")
            #expect(accounts.screen?.mentions("Hello Michael Jordan") == true)
            let isa = try #require(accounts.screen?.links.first { $0.target == .path("/moneybox/accounts/8043") })
            let product = try await client.follow(isa.target)
            let paid = try await client.press(try #require(product.screen?.button(titled: "Add £10")))
            #expect(paid.address.hasPrefix("/moneybox/accounts/8043?paid="))
            #expect(paid.screen?.mentions("Added £10.00. Your moneybox is now £40.00.") == true)
            let moneys: [String] = paid.screen?.allNodes.compactMap { if case .money(let money) = $0 { money.formatted() } else { nil } } ?? []
            #expect(moneys.contains("£2,968.16"))
        }
    }

    @Test func aMobilityRideStartsAndEnds() async throws {
        try await ProductHost.withClient { client, _ in
            _ = try await Self.signUp(client)
            let map = try await client.open("/map")
            #expect(map.outcome == .shown)
            let markers: [SceneNode.Map.Marker] =
                map.screen?.allNodes.compactMap { if case .map(let map) = $0 { map } else { nil } }.first?.markers ?? []
            let vehicles = markers.filter { $0.kind == "vehicle" }
            #expect(!vehicles.isEmpty, "the map shows vehicles (schema 2: the map itself)")
            let scan = try #require(map.screen?.links.first { $0.title == "Scan to unlock" })
            let unlock = try await client.follow(scan.target)
            let form = try #require(unlock.screen?.form(withInput: "code"))
            // A sandbox rider may take a vehicle first: the next one then.
            var riding: Visit?
            for vehicle in vehicles {
                let answer = try await client.submit(form, values: ["code": vehicle.id])
                if answer.address == "/map" {
                    riding = answer
                    break
                }
            }
            let ride = try #require(riding)
            #expect(ride.screen?.mentions("Your ride") == true)
            let ended = try await client.press(try #require(ride.screen?.button(titled: "End ride")))
            #expect(ended.address == "/map?ended=true")
            #expect(ended.screen?.mentions("Ride ended:") == true)
        }
    }
}

@Suite("The client kit against a host that stops")
struct ClientOfflineTests {
    @Test func aPageShownIsConfirmedWith304AndShownNotCurrentWhenTheHostIsGone() async throws {
        let host = try await ProductHost.boot()
        defer { host.tearDown() }
        let client = try await host.serve { base in
            let client = AtriumClient(base: base)
            let first = try await client.open("/pilot")
            #expect(first.status == 200 && first.isCurrent)
            let again = try await client.open("/pilot")
            #expect(again.status == 304 && again.isCurrent && again.document == first.document, "the same document, not sent again")
            return client
        }
        let offline = try await client.open("/pilot")
        #expect(offline.outcome == .offline && !offline.isCurrent && offline.screen?.title == "Register")
        await #expect(throws: ClientError.self) { try await client.open("/cookbook") }
    }

    @Test func aLivePageWhoseSessionEndsFollowsTheHostToTheSignInPage() async throws {
        try await ProductHost.withClient { client, _ in
            let profile = try await ClientFlowTests.signUp(client)
            let updates = client.watch("/profile")
            let watching = Task { () -> [LiveUpdate] in
                var seen: [LiveUpdate] = []
                for try await update in updates { seen.append(update) }
                return seen
            }
            try await Task.sleep(for: .milliseconds(300))
            // The session ends (signed out here; on another device or host it is the same row).
            _ = try await client.press(try #require(profile.screen?.button(titled: "Logout")))
            let deadline = Task {
                try await Task.sleep(for: .seconds(30))
                watching.cancel()
            }
            defer { deadline.cancel() }
            let seen = try await watching.value
            let last = seen.last.map { "\($0)" } ?? "nothing"
            #expect(seen.last == .redirect("/login?returnTo=%2Fprofile") || seen.last == .redirect("/login?returnTo=/profile"), "\(last)")
            guard case .redirect(let location) = seen.last else { return }
            let signIn = try await client.open(location)
            #expect(signIn.outcome == .shown && signIn.screen?.form(withInput: "email") != nil, "the address a real host sends opens")
        }
    }

    @Test func aLiveSceneSendsTheChangeAPantryMakes() async throws {
        try await ProductHost.withClient { client, _ in
            // As an app does: the page first (the visitor's session comes with it), then its stream.
            _ = try await client.open("/cookbook")
            let updates = client.watch("/cookbook")
            let watching = Task { () -> [LiveUpdate] in
                var seen: [LiveUpdate] = []
                for try await update in updates {
                    seen.append(update)
                    if seen.count == 2 { break }
                }
                return seen
            }
            // The stream's first state, then the pantry's change.
            try await Task.sleep(for: .milliseconds(300))
            let pantry = try await client.open("/cookbook/pantry")
            let form = try #require(pantry.screen?.forms.first { !$0.toggles.isEmpty })
            _ = try await client.submit(form, toggles: Dictionary(uniqueKeysWithValues: form.toggles.map { ($0, $0.value == "chocolate") }))
            let deadline = Task {
                try await Task.sleep(for: .seconds(30))
                watching.cancel()
            }
            defer { deadline.cancel() }
            let seen = try await watching.value
            #expect(seen.count == 2, "a state, then the changed one")
            guard seen.count == 2, case .scene(let before, let firstID) = seen[0], case .scene(let after, let secondID) = seen[1] else { return }
            #expect(firstID != secondID && before != after)
        }
    }
}
