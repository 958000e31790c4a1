import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Login

/// Continuing with a provider, scene by scene and exhaustively: the start keeps the flow and sends
/// the browser to the provider; the callback takes the flow once, links the identity to an account,
/// signs in and keeps the provider's session for sign-out; an unknown or reused state signs in no one.
@Suite("Login's single sign-on scenes")
struct SingleSignOnScenesTests {
    /// A provider that signs in whoever comes back with the code "good".
    struct StubProvider: IdentityProvider {
        func authorizationURL(state: String, nonce: String, verifier: String) async throws(IdentityProviderError) -> String {
            "https://id.example/authorize?state=\(state)"
        }
        func finish(code: String, verifier: String, nonce: String) async throws(IdentityProviderError) -> (
            identity: ProviderIdentity, idToken: String
        ) {
            guard code == "good" else { throw .exchangeFailed("bad code") }
            return (
                ProviderIdentity(issuer: "https://id.example", subject: "ada", email: "ada@example.com", emailVerified: true, name: "Ada"), "id-token"
            )
        }
        func endSessionURL(idToken: String, returnTo: String) async -> String? { nil }
    }

    let shared = InMemoryRecordStore(declaredIn: LoginModule.manifest)
    let visitor = InMemoryRecordStore(declaredIn: LoginModule.manifest)
    let session = TestVisitorSession()
    let random = ScriptedRandom()
    let clock = TestClock()
    let providers = IdentityProviders(entries: [.init(id: "idp", title: "Example ID", provider: StubProvider())])

    func context(_ parameters: [String: String]) -> SceneContext {
        .testing(moduleID: "login", parameters: parameters, returnTo: "/profile", session: session, storage: visitor)
    }

    func start(_ id: String = "idp") -> SceneTest<SSOStartScene> {
        SceneTest(
            SSOStartScene(providers: providers, flows: StoredSSOFlows(records: visitor), random: random, clock: clock), context: context(["id": id]),
            exhaustive: true)
    }

    func callback(state: String, code: String = "good") -> SceneTest<SSOCallbackScene> {
        let accounts = StoredAccounts(records: shared, hasher: AccountsTests.PlainHashing())
        let scene = SSOCallbackScene(
            providers: providers, identities: IdentitySignIn(accounts: accounts, links: StoredIdentityLinks(records: shared)) { "unknown password" },
            landing: SignInLanding(sessions: .testing(moduleID: "login"), sessionLifetime: .seconds(3600), home: "home"),
            flows: StoredSSOFlows(records: visitor),
            providerSession: StoredProviderSession(records: visitor, sealer: TestServices().services.secrets),
            clock: clock)
        return SceneTest(scene, context: context(["id": "idp", "state": state, "code": code]), exhaustive: true, stores: [shared])
    }

    @Test func continuingWithAProviderSignsInOnceThroughItsCallback() async throws {
        let started = await start().open(SSOStartScene.page)
        guard case .redirected(to: .external(let url))? = started.effects.last else {
            Issue.record("no redirect to the provider: \(started.effects)")
            return
        }
        let state = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "state" }?.value)
        started.expect(.wrote(collection: StoredSSOFlows.collection, id: state), .redirected(to: .external(url)))

        let back = await callback(state: state).open(SSOCallbackScene.page)
        let userID = try #require(session.userID)
        back.expect(
            .deleted(collection: StoredSSOFlows.collection, id: state),
            .wrote(collection: "accounts", id: userID), .wrote(collection: "emails", id: "ada@example.com"),
            .wrote(collection: StoredIdentityLinks.collection, id: StoredIdentityLinks.key("https://id.example", "ada")),
            .signedIn(userID: userID), .wrote(collection: StoredProviderSession.collection, id: StoredProviderSession.id),
            .redirected(to: .path("/profile")))

        try await session.signOut()
        let reused = await callback(state: state).open(SSOCallbackScene.page)
        #expect(reused.status == 200 && reused.screen?.shows("This sign-in has expired or was already used. Please start again.") == true)
        #expect(session.userID == nil)
    }

    @Test func anUnknownProviderIsMissingAndAnUntrustedAnswerSignsInNoOne() async throws {
        #expect(await start("nope").open(SSOStartScene.page).status == 404)
        let started = await start().open(SSOStartScene.page)
        guard case .redirected(to: .external(let url))? = started.effects.last,
            let state = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "state" })?.value
        else {
            Issue.record("no redirect to the provider")
            return
        }
        started.expect(.wrote(collection: StoredSSOFlows.collection, id: state), .redirected(to: .external(url)))
        let refused = await callback(state: state, code: "bad").open(SSOCallbackScene.page)
        refused.expect(.deleted(collection: StoredSSOFlows.collection, id: state))
        #expect(refused.screen?.shows("Signing in with Example ID did not complete: its answer could not be trusted. Please start again.") == true)
        #expect(session.userID == nil)
    }
}
