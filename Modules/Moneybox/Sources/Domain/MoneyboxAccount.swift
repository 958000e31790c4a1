import Foundation

/// The Moneybox use cases: sign in and out, the portfolio, and adding £10 to a moneybox exactly once
/// per form. A 401 from the API after sign-in ends the stored session and leaves the API's message
/// for the sign-in page.
struct MoneyboxAccount: Sendable {
    /// What "Add £10" adds.
    static let paymentAmount: Decimal = 10

    /// Nothing is stored for this visitor: sign in first.
    struct NotSignedIn: Error, Sendable {}

    let api: any MoneyboxAPI
    let sessions: any SessionRepository
    let payments: any PaymentRepository
    let now: @Sendable () -> Date
    /// How long a send waits for an earlier send of the same form (the API's timeout and a margin).
    let waitLimit: Duration
    /// Whether the API pays once per idempotency key (see ``addMoney(toProduct:key:)``).
    let keyedPayments: Bool

    func signIn(email: String, password: String) async throws -> Investor {
        let session = try await api.signIn(email: email, password: password)
        try await sessions.keep(session)
        return session.investor
    }

    func isSignedIn() async throws -> Bool {
        try await sessions.current() != nil
    }

    func signOut() async throws {
        try await sessions.forget()
    }

    func takeNotice() async throws -> String? {
        try await sessions.takeNotice()
    }

    /// Who is signed in and their products; ``NotSignedIn`` without a session.
    func portfolio() async throws -> (Investor, Portfolio) {
        // Read so that a payment from another tab or client shows here too (see lastPaid).
        _ = try await payments.lastPaid()
        return try await withSession { session in (session.investor, try await api.portfolio(token: session.bearerToken)) }
    }

    /// What the payment sent with `key` led to, if anything was sent with it.
    func payment(key: String) async throws -> PaymentClaim? {
        try await payments.claim(key)
    }

    /// Adds £10 to a product's moneybox, once per `key` whatever the number of sends.
    ///
    /// The key is claimed in the visitor's records before the API is called and the outcome
    /// recorded after, never in one transaction held across the call: a crash (or a timeout) in
    /// between leaves the claim pending (or unknown). With an API that pays once per key
    /// (`keyedPayments`: the sandbox, or `moneybox.idempotencyKeys`), a later send of the same form
    /// sends the payment again with the same key, which finishes what was left half done without
    /// paying twice; with any other, it stays unknown and the form never pays again.
    func addMoney(toProduct productID: Int, key: String) async throws -> PaymentOutcome {
        let deadline = ContinuousClock.now + waitLimit
        let staleAfter = waitLimit / .seconds(1) * 2
        let keyed = keyedPayments
        while true {
            let now = now()
            let pending = PaymentClaim(productID: productID, stage: .pending, claimedAt: now, moneybox: nil)
            guard
                let existing = try await payments.claim(
                    key, for: pending, decide: { $0.decision(at: now, staleAfter: staleAfter, keyed: keyed) })
            else {
                return try await pay(productID: productID, key: key, claim: pending)
            }
            switch existing.stage {
            case .done: return .paid(moneybox: existing.moneybox ?? 0)
            case .unknown: return .unknown
            case .pending:
                guard ContinuousClock.now < deadline else { return .stillProcessing }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private func pay(productID: Int, key: String, claim: PaymentClaim) async throws -> PaymentOutcome {
        do {
            let moneybox = try await withSession { session in
                try await api.addMoney(Self.paymentAmount, toProduct: productID, token: session.bearerToken, idempotencyKey: key)
            }
            var done = claim
            done.stage = .done
            done.moneybox = moneybox
            try await payments.finish(key, with: done)
            return .paid(moneybox: moneybox)
        } catch let error as MoneyboxError where error == .timedOut || error == .unreadable {
            // The API may have paid without an answer reaching us: without a keyed API this form
            // never pays again; with one, its next send learns the outcome.
            var unknown = claim
            unknown.stage = .unknown
            try await payments.finish(key, with: unknown)
            throw error
        } catch {
            // Refused, unreachable, signed out: nothing was paid, so the same form may try again.
            try? await payments.release(key)
            throw error
        }
    }

    private func withSession<Value: Sendable>(_ call: (MoneyboxSession) async throws -> Value) async throws -> Value {
        guard let session = try await sessions.current() else { throw NotSignedIn() }
        do {
            return try await call(session)
        } catch MoneyboxError.sessionExpired(let message) {
            try await sessions.forget()
            try await sessions.leaveNotice(message)
            throw MoneyboxError.sessionExpired(message: message)
        }
    }
}
