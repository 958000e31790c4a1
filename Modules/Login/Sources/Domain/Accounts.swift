import AtriumSDK
import Foundation

/// The account use cases: sign up, sign in with a password (with lockout), read and edit the
/// profile. Other ways to sign in (one-time code, single sign-on) find or create an account here
/// and then sign the session in the same way.
public struct Accounts: Sendable {
    let repository: any AccountRepository
    let failures: any SignInFailureRepository
    let lockout = LockoutPolicy()
    let passwordPolicy = PasswordPolicy()
    let now: @Sendable () -> Date
    let counters: SignInCounters

    public init(
        repository: any AccountRepository,
        failures: any SignInFailureRepository,
        now: @escaping @Sendable () -> Date = Date.init,
        counters: SignInCounters = SignInCounters()
    ) {
        self.repository = repository
        self.failures = failures
        self.now = now
        self.counters = counters
    }

    /// Creates an account. When the email already has one and the password is its password (a
    /// second click on "Sign up", or someone who forgot they signed up), it signs in instead,
    /// through the same lockout as the sign-in form.
    public func signUp(fullName: String, email rawEmail: String, password: String) async throws -> Result<Account, SignUpErrors> {
        // Lengths first: nothing else reads an over-long value.
        var errors = SignUpErrors(
            fullName: TextLimit.name.allows(fullName) ? nil : .fieldTooLong("Full name", limit: TextLimit.name.characters),
            email: TextLimit.email.allows(rawEmail) ? nil : .invalidEmail,
            password: PasswordPolicy.limit.allows(password) ? nil : .passwordTooLong
        )
        guard errors.isEmpty else { return .failure(errors) }
        let email = EmailAddress.normalized(rawEmail)
        let name = fullName.trimmingCharacters(in: .whitespacesAndNewlines)
        errors = SignUpErrors(
            fullName: name.isEmpty ? .missingName : nil,
            email: EmailAddress.isPlausible(email) ? nil : .invalidEmail,
            password: passwordPolicy.problem(with: password, email: email)
        )
        if errors.email == nil, try await repository.account(email: email) != nil {
            return try await signUpWithTakenEmail(email, password: password, otherErrors: errors)
        }
        guard errors.isEmpty else { return .failure(errors) }
        do {
            return .success(try await repository.create(Account(id: UUID().uuidString, email: email, fullName: name), password: password))
        } catch LoginError.emailTaken {
            // Another sign-up for this email won the race (a double click): sign in to it.
            return try await signUpWithTakenEmail(email, password: password, otherErrors: SignUpErrors())
        }
    }

    private func signUpWithTakenEmail(_ email: String, password: String, otherErrors: SignUpErrors) async throws -> Result<Account, SignUpErrors> {
        guard otherErrors.password == nil else { return .failure(SignUpErrors(email: .emailTaken, password: otherErrors.password)) }
        switch try await signIn(email: email, password: password) {
        case .success(let account): return .success(account)
        case .failure(.lockedOut(let minutes)): return .failure(SignUpErrors(email: .lockedOut(minutes: minutes)))
        case .failure: return .failure(SignUpErrors(email: .emailTaken))
        }
    }

    /// Signs in with email and password. Whichever is wrong, the answer is the same; after too
    /// many failures the email is locked out for a while, even with the right password.
    public func signIn(email rawEmail: String, password: String) async throws -> Result<Account, LoginError> {
        let result = try await checkSignIn(email: rawEmail, password: password)
        if case .failure = result { counters.failure() }
        return result
    }

    private func checkSignIn(email rawEmail: String, password: String) async throws -> Result<Account, LoginError> {
        guard TextLimit.email.allows(rawEmail), PasswordPolicy.signInLimit.allows(password), !password.isEmpty else {
            // No account can have such a password: nothing to check, nothing to count.
            return .failure(.incorrectCredentials)
        }
        let email = EmailAddress.normalized(rawEmail)
        let attemptTime = now()
        let lockout = self.lockout
        if let minutes = try await failures.update(for: email, { lockout.admit(&$0, at: attemptTime) }) {
            return .failure(.lockedOut(minutes: minutes))
        }
        guard let account = try await repository.authenticate(email: email, password: password) else {
            // The attempt was counted when it was let in; it may have locked the email.
            if let minutes = lockout.minutesLocked(try await failures.failures(for: email), at: now()) {
                counters.lockout()
                return .failure(.lockedOut(minutes: minutes))
            }
            return .failure(.incorrectCredentials)
        }
        try await failures.clear(for: email)
        return .success(account)
    }

    public func account(id: String) async throws -> Account? { try await repository.account(id: id) }

    public func updateDetails(
        id: String,
        givenName: String,
        familyName: String,
        nickname: String,
        picture: String
    ) async throws -> Result<Account, ProfileDetailsErrors> {
        func tooLong(_ text: String, _ field: Wording, _ limit: TextLimit) -> LoginError? {
            limit.allows(text) ? nil : .fieldTooLong(field, limit: limit.characters)
        }
        var errors = ProfileDetailsErrors(
            givenName: tooLong(givenName, "Given name", .name),
            familyName: tooLong(familyName, "Family name", .name),
            nickname: tooLong(nickname, "Nick name", .name),
            picture: TextLimit.address.allows(picture) ? nil : .invalidPicture
        )
        guard errors.isEmpty else { return .failure(errors) }
        func clean(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
        let (given, family, nick, picture) = (clean(givenName), clean(familyName), clean(nickname), clean(picture))
        if !(picture.isEmpty || (picture.hasPrefix("https://") && URL(string: picture)?.host != nil)) { errors.picture = .invalidPicture }
        guard errors.isEmpty else { return .failure(errors) }
        guard
            let account = try await repository.update(
                id: id,
                { account in account.setDetails(givenName: given, familyName: family, nickname: nick, pictureURL: picture) }
            )
        else { return .failure(ProfileDetailsErrors()) }
        return .success(account)
    }

    public func updateNotifications(id: String, push: Bool, news: Bool) async throws {
        _ = try await repository.update(id: id) { account in
            account.pushNotifications = push
            account.newsNotifications = news
        }
    }
}
