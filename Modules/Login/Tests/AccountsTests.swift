import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@testable import Login

@Suite("Accounts")
struct AccountsTests {
    /// A clock the test moves by hand.
    final class TestClock: Sendable {
        private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(minutes: Double) { current.withLock { $0 = $0.addingTimeInterval(minutes * 60) } }
    }

    /// Plain comparison instead of bcrypt: these tests are about the rules around it.
    struct PlainHashing: PasswordHasher {
        func hash(_ password: String) async -> String { "plain:" + password }
        func verify(_ password: String, against hash: String) async -> Bool { hash == "plain:" + password }
        func needsRehash(_ hash: String) -> Bool { false }
    }

    let clock = TestClock()
    let records = InMemoryRecordStore(declaredIn: LoginModule.manifest)

    var accounts: Accounts {
        let clock = self.clock
        return Accounts(
            repository: StoredAccounts(records: records, hasher: PlainHashing()),
            failures: StoredSignInFailures(records: records),
            now: { clock.now }
        )
    }

    /// An account, its email entry and what goes with it (an identity's link) are one transaction:
    /// a crash between them (here, a step that throws) leaves none of them.
    @Test func anAccountIsStoredWithItsEmailAndLinkOrNotAtAll() async throws {
        struct Crash: Error {}
        let repository = StoredAccounts(records: records, hasher: PlainHashing())
        let links = StoredIdentityLinks(records: records)
        let account = Account(id: "a1", email: "ada@example.com", fullName: "Ada Lovelace")
        await #expect(throws: Crash.self) {
            _ = try await repository.create(account, password: "correct horse battery") { account in
                try await links.link(issuer: "https://id.example", subject: "s1", to: account.id)
                throw Crash()
            }
        }
        #expect(try await repository.account(id: "a1") == nil)
        #expect(try await repository.account(email: "ada@example.com") == nil)
        #expect(try await links.accountID(issuer: "https://id.example", subject: "s1") == nil)
        let made = try await repository.create(account, password: "correct horse battery") { account in
            try await links.link(issuer: "https://id.example", subject: "s1", to: account.id)
        }
        #expect(try await repository.account(email: "ada@example.com")?.id == made.id, "the email can sign up again")
        #expect(try await links.accountID(issuer: "https://id.example", subject: "s1") == "a1")
        await #expect(throws: LoginError.emailTaken) {
            _ = try await repository.create(Account(id: "a2", email: "ada@example.com", fullName: "Other"), password: "correct horse battery")
        }
        #expect(try await repository.account(id: "a2") == nil, "a taken email stores no second account")
    }

    @Test func signUpTrimsAndLowercasesTheEmailAndStoresOnlyAHash() async throws {
        let account = try await accounts.signUp(fullName: " Ada Lovelace ", email: "  Ada@Example.COM ", password: "correct horse battery").get()
        #expect(account.email == "ada@example.com")
        #expect(account.fullName == "Ada Lovelace")
        #expect(account.passwordHash == "plain:correct horse battery")
        #expect(try await accounts.signIn(email: "ADA@example.com", password: "correct horse battery").get().id == account.id)
    }

    @Test func thePasswordPolicyFollowsNIST() async throws {
        let policy = PasswordPolicy()
        #expect(policy.problem(with: "short", email: "a@b.co") == .passwordTooShort)
        #expect(policy.problem(with: String(repeating: "x", count: 129), email: "a@b.co") == .passwordTooLong)
        #expect(policy.problem(with: String(repeating: "é", count: 65), email: "a@b.co") == .passwordTooLong, "130 bytes of UTF-8")
        #expect(policy.problem(with: String(repeating: "x", count: 128), email: "a@b.co") == nil)
        #expect(policy.problem(with: "adalovelace@example.com", email: "AdaLovelace@example.com") == .passwordIsEmail)
        #expect(policy.problem(with: "alllowercaseletters", email: "a@b.co") == nil, "no composition rules")
    }

    @Test func signUpReportsEveryFieldAndADuplicateEmail() async throws {
        let errors = try await accounts.signUp(fullName: " ", email: "not-an-email", password: "short").failureValue
        #expect(errors == SignUpErrors(fullName: .missingName, email: .invalidEmail, password: .passwordTooShort))
        _ = try await accounts.signUp(fullName: "Ada", email: "ada@example.com", password: "correct horse battery").get()
        let duplicate = try await accounts.signUp(fullName: "Other Ada", email: " ADA@example.com", password: "another long password")
        #expect(duplicate.failureValue?.email == .emailTaken)
    }

    @Test func aWrongPasswordAndAnUnknownEmailGetTheSameAnswer() async throws {
        _ = try await accounts.signUp(fullName: "Ada", email: "ada@example.com", password: "correct horse battery").get()
        #expect(try await accounts.signIn(email: "ada@example.com", password: "wrong password!").failureValue == .incorrectCredentials)
        #expect(try await accounts.signIn(email: "nobody@example.com", password: "correct horse battery").failureValue == .incorrectCredentials)
        #expect(LoginError.incorrectCredentials.description == "Email or password is incorrect")
    }

    @Test func fiveFailuresLockTheEmailForFifteenMinutesThenItOpensAgain() async throws {
        _ = try await accounts.signUp(fullName: "Ada", email: "ada@example.com", password: "correct horse battery").get()
        for attempt in 1...4 {
            #expect(try await accounts.signIn(email: "ada@example.com", password: "wrong \(attempt)").failureValue == .incorrectCredentials)
            clock.advance(minutes: 1)
        }
        #expect(try await accounts.signIn(email: "ada@example.com", password: "wrong 5").failureValue == .lockedOut(minutes: 15))
        #expect(try await accounts.signIn(email: "ada@example.com", password: "correct horse battery").failureValue == .lockedOut(minutes: 15))
        clock.advance(minutes: 14)
        #expect(try await accounts.signIn(email: "ada@example.com", password: "correct horse battery").failureValue == .lockedOut(minutes: 1))
        clock.advance(minutes: 1.1)
        #expect(try await accounts.signIn(email: "ada@example.com", password: "correct horse battery").isSuccess)
        #expect(
            try await accounts.signIn(email: "ada@example.com", password: "wrong again").failureValue == .incorrectCredentials,
            "the count starts over")
    }

    @Test func failuresOutsideTheWindowDoNotCount() async throws {
        _ = try await accounts.signUp(fullName: "Ada", email: "ada@example.com", password: "correct horse battery").get()
        for _ in 1...4 { #expect(try await accounts.signIn(email: "ada@example.com", password: "wrong").failureValue == .incorrectCredentials) }
        clock.advance(minutes: 16)
        #expect(try await accounts.signIn(email: "ada@example.com", password: "wrong").failureValue == .incorrectCredentials)
    }

    @Test func profileDetailsChangeTheCompletion() async throws {
        let account = try await accounts.signUp(fullName: "Ada Lovelace", email: "ada@example.com", password: "correct horse battery").get()
        #expect(account.completion == 0.6)
        let nicknamed = try await accounts.updateDetails(id: account.id, givenName: "Ada", familyName: "Lovelace", nickname: "Countess", picture: "")
            .get()
        #expect(nicknamed.completion == 0.8)
        let pictured = try await accounts.updateDetails(
            id: account.id, givenName: "Ada", familyName: "Lovelace", nickname: "Countess", picture: "https://example.com/ada.png"
        ).get()
        #expect(pictured.completion == 1)
        let refused = try await accounts.updateDetails(id: account.id, givenName: "Ada", familyName: "", nickname: "", picture: "javascript:alert(1)")
        #expect(refused.failureValue?.picture == .invalidPicture)
        #expect(try await accounts.account(id: account.id)?.completion == 1, "nothing saved is lost on bad input")
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
