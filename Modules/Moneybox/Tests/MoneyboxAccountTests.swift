import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@testable import Moneybox

/// An API that counts payments, answers after a pause, and fails as told; with `honoursKeys` it pays
/// once per idempotency key, as the sandbox does.
final class CountingAPI: MoneyboxAPI {
    let payments = Mutex(0)
    let failure = Mutex<MoneyboxError?>(nil)
    /// What signing in throws, when set (the other calls' is `failure`).
    let signInFailure = Mutex<MoneyboxError?>(nil)
    /// Set: the next payment is made, then its answer lost with this error (a timeout, say).
    let failureAfterPaying = Mutex<MoneyboxError?>(nil)
    let madeByKey = Mutex<[String: Decimal]>([:])
    let pause: Duration
    let honoursKeys: Bool
    /// Set: a payment waits for it to open after its pause (the test decides when the API answers).
    let gate: Gate?

    init(pause: Duration = .milliseconds(200), honoursKeys: Bool = false, gate: Gate? = nil) {
        self.pause = pause
        self.honoursKeys = honoursKeys
        self.gate = gate
    }

    func signIn(email: String, password: String) async throws(MoneyboxError) -> MoneyboxSession {
        if let failure = signInFailure.withLock({ $0 }) { throw failure }
        return MoneyboxSession(investor: Investor(firstName: "Michael", lastName: "Jordan"), bearerToken: "token-\(email)")
    }

    func portfolio(token: String) async throws(MoneyboxError) -> Portfolio {
        if let failure = failure.withLock({ $0 }) { throw failure }
        return Portfolio(totalPlanValue: 100, products: [Product(id: 1, name: "ISA", planValue: 100, moneybox: 30)])
    }

    func addMoney(_ amount: Decimal, toProduct productID: Int, token: String, idempotencyKey: String) async throws(MoneyboxError) -> Decimal {
        try? await Task.sleep(for: pause)
        await gate?.passed()
        if let failure = failure.withLock({ $0 }) { throw failure }
        if honoursKeys, let earlier = madeByKey.withLock({ $0[idempotencyKey] }) { return earlier }
        let count = payments.withLock { count in
            count += 1
            return count
        }
        let moneybox = 30 + Decimal(count) * amount
        madeByKey.withLock { $0[idempotencyKey] = moneybox }
        if let lost = failureAfterPaying.withLock({ failure in
            defer { failure = nil }; return failure
        }) {
            throw lost
        }
        return moneybox
    }
}

/// Closed until ``open()``: whoever waits in ``passed()`` goes on then; ``arrivals`` counts them.
final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, arrivals: Int, waiting: [CheckedContinuation<Void, Never>])>((false, 0, []))

    var arrivals: Int { state.withLock { $0.arrivals } }

    func passed() async {
        await withCheckedContinuation { continuation in
            let goOn = state.withLock { state in
                state.arrivals += 1
                if state.isOpen { return true }
                state.waiting.append(continuation)
                return false
            }
            if goOn { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}

@Suite("Moneybox use cases")
struct MoneyboxAccountTests {
    /// `waitLimit` is long unless the test is about it: a machine busy with every other suite never
    /// reaches it.
    static func account(
        _ api: CountingAPI, records: InMemoryRecordStore = InMemoryRecordStore(declaredIn: MoneyboxModule.manifest),
        waitLimit: Duration = .seconds(60),
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> MoneyboxAccount {
        let services = TestServices().services
        return MoneyboxAccount(
            api: api, sessions: SealedSessions(records: records, sealer: services.secrets), payments: StoredPayments(records: records),
            now: now, waitLimit: waitLimit, keyedPayments: api.honoursKeys)
    }

    @Test func oneFormSentManyTimesAtOncePaysOnceAndShowsOneResult() async throws {
        let api = CountingAPI()
        let account = Self.account(api)
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let outcomes = try await withThrowingTaskGroup(of: PaymentOutcome.self) { group in
            for _ in 0..<8 { group.addTask { try await account.addMoney(toProduct: 1, key: "key-0123456789abcdef") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(api.payments.withLock { $0 } == 1)
        #expect(outcomes == Array(repeating: .paid(moneybox: 40), count: 8))
        // Sent again later (a reload): still the same payment.
        #expect(try await account.addMoney(toProduct: 1, key: "key-0123456789abcdef") == .paid(moneybox: 40))
        #expect(api.payments.withLock { $0 } == 1)
        // A new form pays again.
        #expect(try await account.addMoney(toProduct: 1, key: "key-fedcba9876543210") == .paid(moneybox: 50))
    }

    /// A send of a form whose first send is still waiting for the API waits at most the limit, then
    /// says so; it never pays a second time, and the first send's result is the form's.
    @Test func aSendThatWaitsPastTheLimitForTheFirstSaysItIsStillProcessing() async throws {
        let gate = Gate()
        let api = CountingAPI(pause: .zero, gate: gate)
        // The claims' clock moves only when told: however late the second send comes on a busy
        // machine, it comes 0.4 s after the first claim, which is not yet stale (twice the limit).
        let claimedAt = Date()
        let elapsed = Mutex(0.0)
        let account = Self.account(api, waitLimit: .milliseconds(300), now: { claimedAt + elapsed.withLock { $0 } })
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let first = Task { try await account.addMoney(toProduct: 1, key: "key-0123456789abcdef") }
        while gate.arrivals == 0 { try await Task.sleep(for: .milliseconds(10)) }
        elapsed.withLock { $0 = 0.4 }
        #expect(try await account.addMoney(toProduct: 1, key: "key-0123456789abcdef") == .stillProcessing)
        gate.open()
        #expect(try await first.value == .paid(moneybox: 40))
        #expect(try await account.addMoney(toProduct: 1, key: "key-0123456789abcdef") == .paid(moneybox: 40))
        #expect(api.payments.withLock { $0 } == 1)
    }

    @Test func aRefusedPaymentFreesItsFormAndATimedOutOneNeverPaysAgain() async throws {
        let api = CountingAPI(pause: .zero)
        let account = Self.account(api)
        _ = try await account.signIn(email: "a@b.c", password: "p")
        api.failure.withLock { $0 = .refused(status: 400, message: "No") }
        await #expect(throws: MoneyboxError.refused(status: 400, message: "No")) {
            _ = try await account.addMoney(toProduct: 1, key: "key-0123456789abcdef")
        }
        api.failure.withLock { $0 = nil }
        #expect(try await account.addMoney(toProduct: 1, key: "key-0123456789abcdef") == .paid(moneybox: 40))

        api.failure.withLock { $0 = .timedOut }
        await #expect(throws: MoneyboxError.timedOut) { _ = try await account.addMoney(toProduct: 1, key: "key-timed-out-000000") }
        api.failure.withLock { $0 = nil }
        #expect(try await account.addMoney(toProduct: 1, key: "key-timed-out-000000") == .unknown)
        #expect(api.payments.withLock { $0 } == 1)
    }

    /// A crash between claiming a form's key and recording its payment leaves the claim pending for
    /// good (no transaction is held across the API's call). A later send of the same form learns
    /// what happened from an API that pays once per key, and never pays twice with any other.
    @Test(arguments: [true, false])
    func aPaymentACrashLeftHalfDoneIsFinishedOrLeftUnknownNeverPaidTwice(_ keyed: Bool) async throws {
        for paidBeforeTheCrash in [true, false] {
            let api = CountingAPI(pause: .zero, honoursKeys: keyed)
            let records = InMemoryRecordStore(declaredIn: MoneyboxModule.manifest)
            let account = Self.account(api, records: records)
            _ = try await account.signIn(email: "a@b.c", password: "p")
            let key = "key-crashed-\(paidBeforeTheCrash)-0000"
            if paidBeforeTheCrash {
                _ = try await api.addMoney(10, toProduct: 1, token: "t", idempotencyKey: key)
            }
            // What the host that died left: the claim, pending since long before the wait limit.
            let stale = PaymentClaim(productID: 1, stage: .pending, claimedAt: Date().addingTimeInterval(-600), moneybox: nil)
            try await records.save(stale, id: key, in: StoredPayments.collection)
            let outcome = try await account.addMoney(toProduct: 1, key: key)
            let situation = "keyed \(keyed), paid before the crash \(paidBeforeTheCrash)"
            if keyed {
                #expect(outcome == .paid(moneybox: 40), "finished: \(situation)")
                #expect(try await account.payment(key: key)?.stage == .done)
                #expect(api.payments.withLock { $0 } == 1, "paid exactly once: \(situation)")
            } else {
                #expect(outcome == .unknown, "it may have paid, so it is never sent again: \(situation)")
                #expect(try await account.addMoney(toProduct: 1, key: key) == .unknown)
                #expect(api.payments.withLock { $0 } == (paidBeforeTheCrash ? 1 : 0), "nothing sent after the crash: \(situation)")
            }
        }
    }

    @Test func aTimedOutPaymentOfAnAPIThatHonoursKeysIsLearntOnTheNextSend() async throws {
        let api = CountingAPI(pause: .zero, honoursKeys: true)
        let account = Self.account(api)
        _ = try await account.signIn(email: "a@b.c", password: "p")
        api.failureAfterPaying.withLock { $0 = .timedOut }
        await #expect(throws: MoneyboxError.timedOut) { _ = try await account.addMoney(toProduct: 1, key: "key-timed-out-000000") }
        #expect(try await account.payment(key: "key-timed-out-000000")?.stage == .unknown)
        #expect(try await account.addMoney(toProduct: 1, key: "key-timed-out-000000") == .paid(moneybox: 40))
        #expect(api.payments.withLock { $0 } == 1)
    }

    @Test func a401EndsTheStoredSessionAndLeavesTheAPIsMessageForSignIn() async throws {
        let api = CountingAPI()
        let records = InMemoryRecordStore(declaredIn: MoneyboxModule.manifest)
        let account = Self.account(api, records: records)
        _ = try await account.signIn(email: "a@b.c", password: "p")
        #expect(try await account.isSignedIn())
        api.failure.withLock { $0 = .sessionExpired(message: "Your session has expired. Please close the app and log in again.") }
        await #expect(throws: MoneyboxError.self) { _ = try await account.portfolio() }
        #expect(try await account.isSignedIn() == false)
        #expect(try await account.takeNotice() == "Your session has expired. Please close the app and log in again.")
        #expect(try await account.takeNotice() == nil, "the notice is shown once")
        await #expect(throws: MoneyboxAccount.NotSignedIn.self) { _ = try await account.portfolio() }
    }

    @Test func theBearerTokenIsStoredOnlySealed() async throws {
        let records = InMemoryRecordStore(declaredIn: MoneyboxModule.manifest)
        let account = Self.account(CountingAPI(), records: records)
        _ = try await account.signIn(email: "a@b.c", password: "p")
        let stored = try #require(try await records.record(StoredSession.self, id: SealedSessions.id, in: SealedSessions.collection))
        #expect(!stored.sealedToken.contains("token-a@b.c"))
        #expect(stored.firstName == "Michael")
        try await account.signOut()
        #expect(try await records.record(StoredSession.self, id: SealedSessions.id, in: SealedSessions.collection) == nil)
    }

    @Test(arguments: ["0123456789abcdef", "A-_zA-_zA-_zA-_z", String(repeating: "a", count: 64)])
    func keysLikeTheHostMakesThemAreAccepted(_ key: String) {
        #expect(ProductScene.isKey(key))
    }

    @Test(arguments: ["", "short", String(repeating: "a", count: 65), "0123456789abcde/", "0123456789abcdé", "0123456789abcd\u{0}f"])
    func anythingElseIsNotAKey(_ key: String) {
        #expect(!ProductScene.isKey(key))
    }
}
