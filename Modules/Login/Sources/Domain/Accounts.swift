import Foundation

/// The account use cases: sign up, sign in with a password (with lockout), read and edit the
/// profile. Other ways to sign in (one-time code, single sign-on) find or create an account here
/// and then sign the session in the same way.
public struct Accounts: Sendable {
    let repository: any AccountRepository
    let failures: any SignInFailureRepository
    let hasher: any PasswordHashing
    let lockout = LockoutPolicy()
    let passwordPolicy = PasswordPolicy()
    let now: @Sendable () -> Date
    /// A hash compared against when the email has no account, so an unknown email takes as long
    /// to refuse as a wrong password.
    let decoyHash: String

    public init(
        repository: any AccountRepository,
        failures: any SignInFailureRepository,
        hasher: any PasswordHashing,
        decoyHash: String,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.repository = repository
        self.failures = failures
        self.hasher = hasher
        self.decoyHash = decoyHash
        self.now = now
    }

    public func signUp(fullName: String, email rawEmail: String, password: String) async throws -> Result<Account, SignUpErrors> {
        let email = EmailAddress.normalized(rawEmail)
        let name = fullName.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = SignUpErrors(
            fullName: name.isEmpty ? .missingName : (name.count > 100 ? .fieldTooLong("Full name") : nil),
            email: EmailAddress.isPlausible(email) ? nil : .invalidEmail,
            password: passwordPolicy.problem(with: password, email: email)
        )
        if errors.email == nil, try await repository.account(email: email) != nil { errors.email = .emailTaken }
        guard errors.isEmpty else { return .failure(errors) }
        let account = Account(id: UUID().uuidString, email: email, fullName: name, passwordHash: await hasher.hash(password))
        do {
            try await repository.create(account)
        } catch LoginError.emailTaken {
            return .failure(SignUpErrors(email: .emailTaken))
        }
        return .success(account)
    }

    /// Signs in with email and password. Whichever is wrong, the answer is the same; after too
    /// many failures the email is locked out for a while, even with the right password.
    public func signIn(email rawEmail: String, password: String) async throws -> Result<Account, LoginError> {
        let email = EmailAddress.normalized(rawEmail)
        let record = try await failures.failures(for: email)
        if let minutes = lockout.minutesLocked(record, at: now()) { return .failure(.lockedOut(minutes: minutes)) }
        let account = try await repository.account(email: email)
        let matches = await hasher.verify(password, against: account?.passwordHash ?? decoyHash)
        guard let account, matches else {
            let updated = lockout.recordingFailure(record, at: now())
            try await failures.save(updated, for: email)
            if let minutes = lockout.minutesLocked(updated, at: now()) { return .failure(.lockedOut(minutes: minutes)) }
            return .failure(.incorrectCredentials)
        }
        if !record.times.isEmpty || record.lockedUntil != nil { try await failures.clear(for: email) }
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
        guard var account = try await repository.account(id: id) else { return .failure(ProfileDetailsErrors()) }
        func clean(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
        let picture = clean(picture)
        let errors = ProfileDetailsErrors(
            givenName: clean(givenName).count > 100 ? .fieldTooLong("Given name") : nil,
            familyName: clean(familyName).count > 100 ? .fieldTooLong("Family name") : nil,
            nickname: clean(nickname).count > 100 ? .fieldTooLong("Nick name") : nil,
            picture: picture.isEmpty || (picture.hasPrefix("https://") && URL(string: picture)?.host != nil) ? nil : .invalidPicture
        )
        guard errors.isEmpty else { return .failure(errors) }
        account.givenName = clean(givenName)
        account.familyName = clean(familyName)
        account.nickname = clean(nickname)
        account.pictureURL = picture
        try await repository.update(account)
        return .success(account)
    }

    public func updateNotifications(id: String, push: Bool, news: Bool) async throws {
        guard var account = try await repository.account(id: id) else { return }
        account.pushNotifications = push
        account.newsNotifications = news
        try await repository.update(account)
    }
}
