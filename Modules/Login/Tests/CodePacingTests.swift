import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@testable import Login

/// Found by trying to break the host: codes could be asked for without limit (each replacing the
/// one its owner was typing, each a bcrypt hash and a mail), and one client with many addresses
/// made about 9,200 guesses an hour.
@Suite("Code sign-in's pacing")
struct CodePacingTests {
    final class Clock: Sendable {
        private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    final class Outbox: CodeDelivery {
        let sent = Mutex<[String]>([])
        let messages = Mutex<[CodeMessage]>([])
        func deliver(_ message: CodeMessage) async throws {
            sent.withLock { $0.append(message.code) }
            messages.withLock { $0.append(message) }
        }
    }

    struct PlainHashing: PasswordHasher {
        func hash(_ password: String) async -> String { "plain:" + password }
        func verify(_ password: String, against hash: String) async -> Bool { hash == "plain:" + password }
        func needsRehash(_ hash: String) -> Bool { false }
    }

    /// Codes 1001, 1002, … in order.
    final class Codes: Sendable {
        private let last = Mutex(1000)
        func next() -> String {
            last.withLock {
                $0 += 1; return String($0)
            }
        }
    }

    let clock = Clock()
    let records = InMemoryRecordStore(declaredIn: LoginModule.manifest)
    let outbox = Outbox()
    let made = Codes()

    func signIn() -> CodeSignIn {
        let (clock, made) = (clock, made)
        let codes = StoredIssuedCodes(records: records, hasher: PlainHashing())
        return CodeSignIn(
            verifier: IssuedCodeVerifier(codes: codes, now: { clock.now }), accounts: StoredAccounts(records: records, hasher: PlainHashing()),
            codes: codes, delivery: outbox,
            counters: CodeCounters(
                guessesByAddress: StoredCodeAttempts(records: records, collection: "code-attempts"),
                guessesByEmail: StoredCodeAttempts(records: records, collection: "code-guesses"),
                requestsByAddress: StoredCodeAttempts(records: records, collection: "code-requests"),
                sendsByEmail: StoredCodeAttempts(records: records, collection: "code-sends")),
            length: 4, lifetime: 3600, makeCode: { _ in made.next() }, now: { clock.now })
    }

    func createAda() async throws {
        _ = try await Accounts(
            repository: StoredAccounts(records: records, hasher: PlainHashing()), failures: StoredSignInFailures(records: records),
            now: { [clock] in clock.now }
        ).signUp(fullName: "Ada", email: "ada@example.com", password: "correct horse battery").get()
    }

    @Test func theMessageIsWrittenInTheLanguageTheSceneGives() async throws {
        try await createAda()
        let spanish = SceneContext.testing(moduleID: "login", language: "es", words: LoginModule.self)
        let sent = try await signIn().requestCode(for: "ada@example.com", from: "198.51.100.1", language: spanish.language) {
            spanish.text(of: $0)
        }
        #expect(try sent.get() == ())
        let message = try #require(outbox.messages.withLock { $0.first })
        #expect(message.language == "es" && message.code == "1001")
        #expect(message.text == "Tu código para iniciar sesión en Atrium es 1001. Sirve durante 60 minutos.")
        #expect(
            SceneContext.testing(language: "en", words: LoginModule.self).text(of: CodeMessage.wording(code: "1", minutes: 1))
                == "Your Atrium sign-in code is 1. It works for 1 minute.", "English's plural from the catalog")
    }

    @Test func aCodeIsSentAtMostOnceAMinuteAndFiveTimesAnHour() async throws {
        try await createAda()
        let codes = signIn()
        for index in 0..<8 {
            #expect(try await codes.requestCode(for: "ada@example.com", from: "198.51.100.\(index)").get() == ())
        }
        #expect(outbox.sent.withLock { $0 } == ["1001"], "eight asks within a minute, from eight addresses: one code")
        #expect(try await codes.check("1001", email: "ada@example.com", from: "203.0.113.1") != .invalid, "and it still works")
        for minute in 1...7 {
            clock.advance(seconds: 61)
            _ = try await codes.requestCode(for: "ada@example.com", from: "198.51.100.\(minute)")
        }
        #expect(outbox.sent.withLock { $0.count } == 5, "at most five an hour")
    }

    @Test func oneAddressAsksForAtMostTenCodesInAQuarterOfAnHour() async throws {
        try await createAda()
        let codes = signIn()
        for index in 0..<10 {
            #expect(try await codes.requestCode(for: "someone\(index)@example.com", from: "198.51.100.7").get() == ())
        }
        let refused = try await codes.requestCode(for: "ada@example.com", from: "198.51.100.7")
        #expect(throws: CodeSignIn.RequestProblem.tooManyRequests(minutes: 15)) { try refused.get() }
        #expect(outbox.sent.withLock { $0.isEmpty }, "the throttled ask sent nothing")
        #expect(try await codes.requestCode(for: "ada@example.com", from: "198.51.100.8").get() == ())
    }

    @Test func wrongCodesForOneAccountSlowItsCodeSignInWhateverTheAddress() async throws {
        try await createAda()
        let codes = signIn()
        _ = try await codes.requestCode(for: "ada@example.com", from: "198.51.100.1")
        var refusedAt: [Int] = []
        var guesses = 0
        // One guess a second for an hour, each from a new address: the account's pacing decides.
        for second in 0..<3600 {
            if case .tooManyTries = try await codes.check("0000", email: "ada@example.com", from: "203.0.113.\(second % 250)") {
                refusedAt.append(second)
            } else {
                guesses += 1
            }
            clock.advance(seconds: 1)
        }
        #expect(guesses <= 10, "about 9,200 an hour before; now \(guesses)")
        #expect(!refusedAt.isEmpty)
        // The code itself died after its five tries; a new one, asked for later, still works.
        clock.advance(seconds: 3600)
        _ = try await codes.requestCode(for: "ada@example.com", from: "198.51.100.2")
        let code = try #require(outbox.sent.withLock { $0.last })
        guard case .accepted(let account) = try await codes.check(code, email: "ada@example.com", from: "198.51.100.2") else {
            Issue.record("the owner's code must still work once the wait is over")
            return
        }
        #expect(account?.email == "ada@example.com")
    }

    /// The counts above are keyed by what visitors send (emails, addresses): Login lets the host
    /// delete them once nobody has touched them for a day, so made-up emails cannot pile up.
    @Test func theCountsExpireOnceUntouchedForADay() async throws {
        let host = try await TestHost.boot(modules: [LoginModule.self], configuration: "modules: [login]\n")
        defer { host.tearDown() }
        let login = try #require(host.plan.registry.modules.first { $0.manifest.id == "login" })
        for collection in ["sign-in-failures", "code-attempts", "code-guesses", "code-requests", "code-sends", "issued-codes"] {
            #expect(login.expirations[collection] == .seconds(24 * 3600), "\(collection)")
        }
    }
}
