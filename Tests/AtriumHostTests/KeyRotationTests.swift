import AtriumSDK
import AtriumServices
import AtriumTestKit
import Crypto
import Foundation
import Testing

@testable import AtriumHost
@testable import AtriumRuntime

/// Rotating the host key (`secrets.keys`): the first key signs and seals, every listed key
/// verifies and opens, so a new key is added first and the old one removed once nothing needs it;
/// a sealed value names its key and is sealed again under the first when read, and a visitor's pass
/// and open form survive the rotation and the old key's removal.
@Suite("Rotating the host key")
struct KeyRotationTests {
    let old = HostKey.randomText()
    let new = HostKey.randomText()

    private func keys(_ texts: String...) -> HostKey { HostKey(source: .list(texts)) }

    @Test func aSecretSealedUnderTheOldKeyOpensDuringTheRotationAndIsSealedAgainUnderTheNew() throws {
        let sealedOld = try AESGCMSecretSealer(hostKey: keys(old)).seal("bearer-token")
        let rotating = AESGCMSecretSealer(hostKey: keys(new, old))
        #expect(try rotating.open(sealedOld) == "bearer-token")
        #expect(rotating.needsResealing(sealedOld))
        let sealedNew = try rotating.seal("bearer-token")
        #expect(!rotating.needsResealing(sealedNew), "sealed under the first key")
        #expect(try AESGCMSecretSealer(hostKey: keys(new)).open(sealedNew) == "bearer-token", "the old key can go")
        #expect(throws: SealedSecretError.changedOrForeign) { try AESGCMSecretSealer(hostKey: keys(new)).open(sealedOld) }
        #expect(throws: SealedSecretError.changedOrForeign) { try AESGCMSecretSealer(hostKey: keys(old)).open(sealedNew) }
        let id = try #require(keys(new).ids().first)
        #expect(Array(try #require(Data(base64Encoded: sealedNew)).prefix(6)) == AESGCMSecretSealer.mark + id, "it names its key")
    }

    @Test func aSecretSealedBeforeKeysWereNamedStillOpensAndIsSealedAgain() throws {
        // What a host of the build before rotation wrote: AES-GCM's nonce, text and tag alone.
        let legacy = try #require(try AES.GCM.seal(Data("id-token".utf8), using: keys(old).derived(for: "seal")).combined)
        let rotating = AESGCMSecretSealer(hostKey: keys(new, old))
        #expect(try rotating.open(legacy) == Data("id-token".utf8))
        #expect(rotating.needsResealing(legacy))
        #expect(try AESGCMSecretSealer(hostKey: keys(old)).open(legacy) == Data("id-token".utf8))
    }

    @Test func aTokenSignedUnderTheOldKeyVerifiesDuringTheRotationOnly() async throws {
        struct Claims: Codable, Sendable, Equatable { var user: String }
        let clock = TestClock()
        let signedOld = try await JWTTokenSigner(hostKey: keys(old), clock: clock).sign(Claims(user: "ada"), lifetime: .seconds(600))
        let rotating = JWTTokenSigner(hostKey: keys(new, old), clock: clock)
        #expect(try await rotating.verify(signedOld, as: Claims.self) == Claims(user: "ada"))
        let signedNew = try await rotating.sign(Claims(user: "ada"), lifetime: .seconds(600))
        #expect(try await JWTTokenSigner(hostKey: keys(new), clock: clock).verify(signedNew, as: Claims.self) == Claims(user: "ada"))
        await #expect(throws: (any Error).self) { try await JWTTokenSigner(hostKey: keys(new), clock: clock).verify(signedOld, as: Claims.self) }
    }

    @Test func aPassSignedUnderTheOldKeyIsTheVisitorsDuringTheRotationAndIsIssuedAgain() throws {
        let visitor = VisitorPass.newVisitorID()
        let oldPass = try VisitorPass(hostKey: keys(old)).issue(visitorID: visitor, at: Date())
        let rotating = try VisitorPass(hostKey: keys(new, old))
        let verified = try #require(rotating.verify(oldPass))
        #expect(verified.visitorID == visitor && verified.isUnderOldKey)
        let renewed = rotating.issue(visitorID: visitor, at: Date())
        #expect(rotating.verify(renewed)?.isUnderOldKey == false)
        #expect(try VisitorPass(hostKey: keys(new)).verify(renewed)?.visitorID == visitor, "the old key can go")
        #expect(try VisitorPass(hostKey: keys(new)).verify(oldPass) == nil)
        let oldToken = try VisitorPass(hostKey: keys(old)).formToken(for: visitor)
        #expect(rotating.olderFormTokens(for: visitor) == [oldToken] && rotating.formToken(for: visitor) != oldToken)
    }

    @Test(arguments: TestStorage.available)
    func aValueSealedUnderAKeyIsCountedWhateverItsIdSpellsInBase64(storage: TestStorage) async throws {
        struct Stored: Codable, Sendable { var sealed: String }
        let host = try await TestHost.boot(modules: Fixture.catalog, configuration: Fixture.notesAndAccounts, storage: storage)
        defer { host.tearDown() }
        // Keys whose sealed values begin with a `/` in base64 (which a JSON encoder may write `\/`), and one without.
        var withSlash: HostKey?
        var withoutSlash: HostKey?
        while withSlash == nil || withoutSlash == nil {
            let key = keys(HostKey.randomText())
            if KeysReport.sealedPrefix(of: try key.ids()[0]).contains("/") {
                withSlash = withSlash ?? key
            } else {
                withoutSlash = withoutSlash ?? key
            }
        }
        for (index, key) in [withSlash, withoutSlash].compactMap({ $0 }).enumerated() {
            let sealed = try AESGCMSecretSealer(hostKey: key).seal("token")
            try await host.storage.records(module: "scratch", owner: .shared).save(Stored(sealed: sealed), id: "\(index)", in: "sealed")
            let id = try key.ids()[0]
            let counts = try await KeysReport.sealedCounts(of: id, in: host.storage)
            #expect(counts.map(\.count) == [1], "\(KeysReport.sealedPrefix(of: id))")
        }
    }

    @Test func theKeysAreCheckedAndReadFromTheEnvironmentAsAList() async throws {
        #expect(try await Fixture.problems(Fixture.notesAndAccounts + "\nsecrets:\n  keys: []\n").map(\.key) == ["secrets.keys"])
        let problems = try await Fixture.problems(Fixture.notesAndAccounts + "\nsecrets:\n  keys: [\(new), short, \(new)]\n").map(\.key)
        #expect(Set(problems) == ["secrets.keys[1]", "secrets.keys"], "a key that is not one, and one listed twice")
        let many = (0..<9).map { _ in Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString() }
        let tooMany = try await Fixture.problems(Fixture.notesAndAccounts + "\nsecrets:\n  keys: [\(many.joined(separator: ", "))]\n")
        #expect(tooMany.map(\.key) == ["secrets.keys"] && tooMany[0].message.contains("more than 8"), "every key is tried: a few at most")
        let eight = try await Fixture.problems(Fixture.notesAndAccounts + "\nsecrets:\n  keys: [\(many.dropLast().joined(separator: ", "))]\n")
        #expect(eight.isEmpty)
        let host = try await Fixture.host(environment: ["SECRETS_KEYS": "\(new),\(old)"])
        defer { host.tearDown() }
        #expect(try host.plan.hostKey.ids() == keys(new, old).ids())
        let single = try await Fixture.host(environment: ["SECRETS_KEY": old])
        defer { single.tearDown() }
        #expect(try single.plan.hostKey.ids() == keys(old).ids(), "secrets.key is a list of one")
    }

    @Test func aVisitorsPassAndOpenFormSurviveTheRotationAndTheOldKeysRemoval() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "rotation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        func host(_ keys: String) async throws -> TestHost {
            try await TestHost.boot(
                modules: Fixture.catalog, configuration: Fixture.notesAndAccounts, environment: ["SECRETS_KEYS": keys], directory: directory)
        }
        let before = try await host(old)
        let (cookies, openForm) = try await before.run { (browser: TestBrowser) async throws -> ([String: String], String) in
            _ = try await browser.get("/notes")
            #expect(try await browser.post("/notes", form: ["text": "saved before"]).status == 303)
            _ = try await browser.get("/notes")
            return (browser.cookies, try #require(browser.lastCSRFToken))
        }
        try before.storage.close()

        let rotating = try await host("\(new),\(old)")
        let renewed = try await rotating.run { (browser: TestBrowser) async throws -> [String: String] in
            browser.setCookies(cookies)
            #expect(try await browser.get("/notes").body.contains("saved before"), "the pass signed under the old key is still theirs")
            #expect(browser.cookies != cookies, "and it is issued again under the new key")
            #expect(try await browser.post("/notes", form: ["text": "sent from the open form"], csrfToken: openForm).status == 303)
            return browser.cookies
        }
        try rotating.storage.close()

        let after = try await host(new)
        defer { after.tearDown() }
        try await after.run { browser in
            browser.setCookies(renewed)
            let page = try await browser.get("/notes").body
            #expect(page.contains("saved before") && page.contains("sent from the open form"), "nothing lost once the old key is gone")
        }
    }
}
