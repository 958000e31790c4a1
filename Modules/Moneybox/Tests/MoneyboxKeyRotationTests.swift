import AtriumHost
import AtriumServices
import AtriumTestKit
import Foundation
import Testing

@testable import Moneybox

/// A host key rotated under a signed-in Moneybox visitor: the bearer token sealed under the old key
/// opens while both are listed, is sealed again under the new one when read (`atrium keys` counts
/// it under the old key until then), and opens under the new key alone once the old one is gone.
@Suite("Moneybox across a host key rotation")
struct MoneyboxKeyRotationTests {
    @Test(arguments: TestStorage.available)
    func theSealedSignInSurvivesTheRotationAndTheOldKeysRemoval(storage: TestStorage) async throws {
        let (old, new) = (HostKey.randomText(), HostKey.randomText())
        let directory = FileManager.default.temporaryDirectory.appending(path: "moneybox-rotation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        func host(_ keys: [String]) async throws -> TestHost {
            var services = TestServices()
            services.key = HostKey(source: .list(keys))
            return try await TestHost.boot(
                modules: [MoneyboxModule.self], configuration: "modules: [moneybox]\n",
                environment: ["SECRETS_KEYS": keys.joined(separator: ",")], directory: directory, services: services,
                storage: storage)
        }
        let before = try await host([old])
        let cookies = try await before.run { (browser: TestBrowser) async throws -> [String: String] in
            _ = try await browser.get("/moneybox")
            #expect(try await browser.post("/moneybox/sign-in", form: MoneyboxHostTests.user).status == 303)
            return browser.cookies
        }
        try before.storage.close()

        let rotating = try await host([new, old])
        let waiting = try await KeysReport.make(hostKey: rotating.plan.hostKey, storage: rotating.storage)
        #expect(waiting.keys.map(\.signs) == [true, false])
        #expect(
            waiting.keys[1].sealed.map { "\($0.module)/\($0.collection) \($0.count)" } == ["moneybox/session 1"], "the token waits on the old key")
        let renewed = try await rotating.run { (browser: TestBrowser) async throws -> [String: String] in
            browser.setCookies(cookies)
            #expect(try await browser.get("/moneybox/accounts").status == 200, "still signed in to Moneybox")
            // The visitor's pass, signed under the old key, was issued again under the new one.
            return browser.cookies
        }
        let resealed = try await KeysReport.make(hostKey: rotating.plan.hostKey, storage: rotating.storage)
        #expect(resealed.keys[1].sealedCount == 0, "read once, it is sealed under the new key")
        #expect(resealed.lines.contains { $0.contains("remove it once every host has listed key 1 first") })
        try rotating.storage.close()

        // The old key removed: the bearer token sealed under the new one still opens. (The sandbox's
        // own bearer tokens are JWTs the host signed under the old key: like a visitor's pass, they
        // cannot be moved and lapse with their lifetime, which `atrium keys` says to wait out.)
        let after = try await host([new])
        defer { after.tearDown() }
        let visitor = try #require(renewed["atrium_session"]?.split(separator: ".").dropFirst().first.map(String.init))
        let stored = try #require(
            try await after.storage.records(module: "moneybox", owner: .visitor(visitor)).record(
                StoredSession.self, id: SealedSessions.id, in: SealedSessions.collection))
        let sealer = AESGCMSecretSealer(hostKey: after.plan.hostKey)
        #expect(!sealer.needsResealing(stored.sealedToken))
        #expect(try !sealer.open(stored.sealedToken).isEmpty, "the sealed sign-in opens under the new key alone")
    }
}
