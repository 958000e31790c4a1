import Foundation

/// Signing in with a one-time code: issuing codes to accounts' emails, and checking codes (issued or
/// remote) behind a per-address throttle.
public struct CodeSignIn: Sendable {
    /// Why a code could not be sent.
    public enum RequestProblem: Error, Sendable, Equatable {
        case invalidEmail
        /// The delivery failed; the reason is for the log (it never holds the code).
        case deliveryFailed(reason: String)
    }

    let verifier: any CodeVerifier
    let accounts: any AccountRepository
    let codes: (any IssuedCodeRepository)?
    let delivery: (any CodeDelivery)?
    let attempts: any CodeAttemptRepository
    let throttle = CodeThrottle()
    /// Digits per code.
    let length: Int
    let lifetime: TimeInterval
    let makeCode: @Sendable (Int) -> String
    let now: @Sendable () -> Date

    public init(
        verifier: any CodeVerifier, accounts: any AccountRepository, codes: (any IssuedCodeRepository)?, delivery: (any CodeDelivery)?,
        attempts: any CodeAttemptRepository, length: Int, lifetime: TimeInterval, makeCode: @escaping @Sendable (Int) -> String,
        now: @escaping @Sendable () -> Date
    ) {
        self.verifier = verifier
        self.accounts = accounts
        self.codes = codes
        self.delivery = delivery
        self.attempts = attempts
        self.length = length
        self.lifetime = lifetime
        self.makeCode = makeCode
        self.now = now
    }

    /// Whether `code` is what the screen takes: exactly `length` ASCII digits.
    public func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == length && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Sends a code to the account with this email. An email without an account gets the same
    /// answer and no code, so the answer tells nobody which emails have accounts.
    public func requestCode(for rawEmail: String) async throws -> Result<Void, RequestProblem> {
        let email = EmailAddress.normalized(rawEmail)
        guard TextLimit.email.allows(rawEmail), EmailAddress.isPlausible(email) else { return .failure(.invalidEmail) }
        guard let codes, let delivery, let account = try await accounts.account(email: email) else { return .success(()) }
        let code = makeCode(length)
        let expiresAt = now().addingTimeInterval(lifetime)
        try await codes.issue(code, email: email, accountID: account.id, expiresAt: expiresAt)
        do {
            try await delivery.deliver(code, to: email, expiresAt: expiresAt)
        } catch {
            return .failure(.deliveryFailed(reason: "\(error)"))
        }
        return .success(())
    }

    /// Checks a well-formed code from `address`: refused without asking the verifier once the
    /// address has had 10 failed codes in 15 minutes.
    public func check(_ code: String, email: String?, from address: String) async throws -> CodeCheck {
        let admittedAt = now()
        let throttle = self.throttle
        if let minutes = try await attempts.update(for: address, { throttle.admit(&$0, at: admittedAt) }) {
            return .tooManyTries(minutes: minutes)
        }
        let verdict: CodeVerdict
        do {
            verdict = try await verifier.verify(code, email: email.map(EmailAddress.normalized))
        } catch {
            try await attempts.update(for: address) { throttle.giveBack(&$0, at: admittedAt) }
            throw error
        }
        if verdict != .refused {
            // Only wrong codes count against the address.
            try await attempts.update(for: address) { throttle.giveBack(&$0, at: admittedAt) }
        }
        switch verdict {
        case .accepted(let accountID):
            guard let accountID else { return .accepted(nil) }
            guard let account = try await accounts.account(id: accountID) else { return .invalid }
            return .accepted(account)
        case .refused: return .invalid
        case .unreachable: return .unreachable
        case .failed: return .failed
        }
    }
}
