import AtriumSDK
import Foundation

/// Signing in with a one-time code: issuing codes to accounts' emails, and checking codes (issued or
/// remote).
///
/// Everything guessable or costly is paced: codes asked for per client address
/// (``requestThrottle``) and sent per email (``CodeSendPacing``); wrong codes per client address
/// (``guessThrottle``) and, for issued codes, per account across its codes (``CodeGuessPacing``).
/// A client address is the one the host reports, which counts an IPv6 client by its /64.
public struct CodeSignIn: Sendable {
    /// Why a code could not be sent.
    public enum RequestProblem: Error, Sendable, Equatable {
        case invalidEmail
        /// This client address asked for too many codes: the minutes to wait.
        case tooManyRequests(minutes: Int)
        /// The delivery failed; the reason is for the log (it never holds the code).
        case deliveryFailed(reason: String)
    }

    let verifier: any CodeVerifier
    let accounts: any AccountRepository
    let codes: (any IssuedCodeRepository)?
    let delivery: (any CodeDelivery)?
    let counters: CodeCounters
    let guessThrottle = CodeThrottle()
    let requestThrottle = CodeThrottle(limit: 10, window: 15 * 60)
    let sendPacing = CodeSendPacing()
    let guessPacing = CodeGuessPacing()
    /// Digits per code.
    let length: Int
    let lifetime: TimeInterval
    let makeCode: @Sendable (Int) -> String
    let now: @Sendable () -> Date

    public init(
        verifier: any CodeVerifier, accounts: any AccountRepository, codes: (any IssuedCodeRepository)?, delivery: (any CodeDelivery)?,
        counters: CodeCounters, length: Int, lifetime: TimeInterval, makeCode: @escaping @Sendable (Int) -> String,
        now: @escaping @Sendable () -> Date
    ) {
        self.verifier = verifier
        self.accounts = accounts
        self.codes = codes
        self.delivery = delivery
        self.counters = counters
        self.length = length
        self.lifetime = lifetime
        self.makeCode = makeCode
        self.now = now
    }

    /// Whether `code` is what the screen takes: exactly `length` ASCII digits.
    public func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == length && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Sends a code to the account with this email, asked for from `address`. An email without an
    /// account, or one sent a code moments ago, gets the same answer and no new code, after as much
    /// work: the answer tells nobody which emails have accounts.
    ///
    /// The message is written in `language` by `words` (the scene's ``SceneContext/text(of:)``;
    /// as written, in English, unless given).
    public func requestCode(
        for rawEmail: String, from address: String, language: String = Wording.sourceLanguage,
        words: @Sendable (Wording) -> String = { $0.text }
    ) async throws -> Result<Void, RequestProblem> {
        let email = EmailAddress.normalized(rawEmail)
        guard TextLimit.email.allows(rawEmail), EmailAddress.isPlausible(email) else { return .failure(.invalidEmail) }
        let askedAt = now()
        let requestThrottle = self.requestThrottle
        if let minutes = try await counters.requestsByAddress.update(for: address, { requestThrottle.admit(&$0, at: askedAt) }) {
            return .failure(.tooManyRequests(minutes: minutes))
        }
        guard let codes, let delivery else { return .success(()) }
        let sendPacing = self.sendPacing
        guard let account = try await accounts.account(email: email),
            try await counters.sendsByEmail.update(for: email, { sendPacing.admit(&$0, at: askedAt) })
        else {
            await codes.issueNone()
            return .success(())
        }
        let code = makeCode(length)
        let expiresAt = askedAt.addingTimeInterval(lifetime)
        try await codes.issue(code, email: email, accountID: account.id, expiresAt: expiresAt)
        do {
            let minutes = Int((lifetime / 60).rounded(.up))
            let text = words(CodeMessage.wording(code: code, minutes: minutes))
            try await delivery.deliver(CodeMessage(code: code, email: email, expiresAt: expiresAt, text: text, language: language))
        } catch {
            return .failure(.deliveryFailed(reason: "\(error)"))
        }
        return .success(())
    }

    /// Checks a well-formed code from `address`: refused without asking the verifier once the
    /// address has had 10 failed codes in 15 minutes, or (for an issued code) while the account's
    /// wrong codes make it wait.
    public func check(_ code: String, email: String?, from address: String) async throws -> CodeCheck {
        let admittedAt = now()
        let (throttle, pacing) = (guessThrottle, guessPacing)
        let email = email.map(EmailAddress.normalized)
        if let minutes = try await counters.guessesByAddress.update(for: address, { throttle.admit(&$0, at: admittedAt) }) {
            return .tooManyTries(minutes: minutes)
        }
        if let email, let minutes = try await counters.guessesByEmail.update(for: email, { pacing.admit(&$0, at: admittedAt) }) {
            try await counters.guessesByAddress.update(for: address) { throttle.giveBack(&$0, at: admittedAt) }
            return .tooManyTries(minutes: minutes)
        }
        // Only wrong codes count.
        func giveBack() async throws {
            try await counters.guessesByAddress.update(for: address) { throttle.giveBack(&$0, at: admittedAt) }
            if let email { try await counters.guessesByEmail.update(for: email) { throttle.giveBack(&$0, at: admittedAt) } }
        }
        let verdict: CodeVerdict
        do {
            verdict = try await verifier.verify(code, email: email)
        } catch {
            try await giveBack()
            throw error
        }
        if verdict != .refused { try await giveBack() }
        switch verdict {
        case .accepted(let accountID):
            guard let accountID else { return .accepted(nil) }
            // The owner is in: earlier wrong codes no longer slow the account down.
            if let email { try await counters.guessesByEmail.update(for: email) { $0.times = [] } }
            guard let account = try await accounts.account(id: accountID) else { return .invalid }
            return .accepted(account)
        case .refused: return .invalid
        case .unreachable: return .unreachable
        case .failed: return .failed
        }
    }
}
