import AtriumHost
import AtriumSDK
import AtriumServices
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import AtriumConfiguration
@testable import AtriumFixtures
@testable import AtriumHost
@testable import AtriumRuntime

/// Found by trying to break the host: a module's powers were what its own manifest said.
@Suite("Modules' powers")
struct ModulePowersTests {
    @Test func twoEnabledModulesProvidingOneCapabilityIsAProblemNamingBoth() async throws {
        do {
            let host = try await TestHost.boot(
                modules: Fixture.catalog + [TestSignInModule.self],
                configuration: "modules: [notes, accounts, test-sign-in]\nnotes:\n  greeting: Hi\n")
            host.tearDown()
            Issue.record("two providers of the current user must be refused")
        } catch let error as ConfigurationError {
            #expect(
                error.problems.map(\.description).contains(
                    "modules: modules 'accounts' and 'test-sign-in' both provide 'current-user'; only one may — enable only one of them"),
                "\(error.problems)")
        }
    }

    @Test func providingWhatTheManifestDoesNotDeclareIsAProblem() throws {
        let registrar = HostRegistrar.testing(ModuleManifest(id: "sneaky", title: "Sneaky", version: "1"))
        registrar.provide(.currentUser, AccountsModule.Users() as any CurrentUserProvider)
        #expect(registrar.capabilities.isEmpty)
        #expect(registrar.problems == ["module 'sneaky' provides 'current-user', which its manifest does not declare in provides"])
    }

    @Test func signingInIsGrantedByTheHostAndCheckedWhereItIsUsed() async throws {
        let declared = ModuleManifest(id: "login", title: "Login", version: "1", provides: [.currentUser])
        let refused = HostRegistrar(
            manifest: declared, logger: .init(label: "test"), services: TestServices().services, sharedRecords: InMemoryRecordStore(),
            managesSessions: false)
        #expect(throws: SettingProblem.self) { try refused.userSessions() }

        let storage = try await TestStorage.sqlite.open(name: UUID().uuidString)
        defer { try? storage.close() }
        let store = try SessionStore(storage: storage, hostKey: .random(), sessionManager: "login")
        let session = RequestSession(store: store, token: nil)
        await #expect(throws: RequestSession.NotGranted.self) { try await session.signIn(userID: "ada", lifetime: .seconds(60), by: "other") }
        await #expect(throws: RequestSession.NotGranted.self) { try await session.signOut(by: "other") }
        try await session.signIn(userID: "ada", lifetime: .seconds(60), by: "login")
        #expect(try await session.userID == "ada")
    }

    @Test func aTokenOneModuleMintedNeverVerifiesInAnother() async throws {
        let host = try await Fixture.host("modules: [echo, vault, accounts]\n")
        defer { host.tearDown() }
        try await host.run { browser in
            let minted = try await browser.get("/echo/token", accept: "application/json")
            let token = try #require(try JSONDecoder().decode([String: String].self, from: Data(minted.body.utf8))["token"])
            let bearer: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            #expect(try await browser.send("/echo/token", method: .post, headers: bearer, body: "{}").status == 200, "its own module takes it")
            #expect(try await browser.send("/vault/token", method: .post, headers: bearer, body: "{}").status == 401, "another refuses it")
        }
    }

    @Test func aSignerChecksItsAudience() async throws {
        let key = HostKey.random()
        let clock = TestClock()
        let echo = JWTTokenSigner(hostKey: key, clock: clock, audience: "echo")
        let vault = JWTTokenSigner(hostKey: key, clock: clock, audience: "vault")
        let token = try await echo.sign(["user": "ada"], lifetime: .seconds(60))
        #expect(try await echo.verify(token, as: [String: String].self) == ["user": "ada"])
        await #expect(throws: (any Error).self) { try await vault.verify(token, as: [String: String].self) }
        await #expect(throws: (any Error).self) { try await JWTTokenSigner(hostKey: key, clock: clock).verify(token, as: [String: String].self) }
    }

    @Test func theKitsStoreRefusesWhatTheManifestDoesNotDeclareAsTheHostDoes() async throws {
        let manifest = ModuleManifest(id: "notes", title: "Notes", version: "1", collections: [StoredCollection("notes", holds: "notes")])
        let store = InMemoryRecordStore(declaredIn: manifest)
        try await store.save(["text": "kept"], id: "1", in: "notes")
        let refused = "module 'notes' writes to the collection 'secrets', which its manifest does not declare in collections"
        await #expect { try await store.save(["text": "no"], id: "1", in: "secrets") } throws: { "\($0)" == refused }
        await #expect { try await store.deleteRecord(id: "1", in: "secrets") } throws: { "\($0)" == refused }
        await #expect { try await store.insert(["text": "no"], id: "2", in: "secrets") } throws: { "\($0)" == refused }
        #expect(try await store.records([String: String].self, in: "secrets").isEmpty, "nothing was written")
        #expect(try await store.record([String: String].self, id: "1", in: "notes") == ["text": "kept"])
        // Without a manifest, any collection.
        try await InMemoryRecordStore().save(["text": "any"], id: "1", in: "secrets")
    }
}
