import AtriumSDK

/// What went wrong signing up or in, in words the user reads.
public enum LoginError: Error, Sendable, Hashable, CustomStringConvertible {
    case incorrectCredentials
    case lockedOut(minutes: Int)
    case emailTaken
    case invalidEmail
    case missingName
    case passwordTooShort
    case passwordTooLong
    case passwordHasControlCharacters
    case passwordIsEmail
    case invalidPicture
    case fieldTooLong(Wording, limit: Int)

    public var description: String { message.text }

    /// What the person reads, in words a translation replaces.
    public var message: Wording {
        switch self {
        case .incorrectCredentials: "Email or password is incorrect"
        case .lockedOut(let minutes):
            "Too many failed sign-in attempts for this email. Sign-in is blocked for \(minutes) more minutes."
        case .emailTaken: "An account with this email already exists. Sign in instead."
        case .invalidEmail: "Enter an email address such as name@example.com."
        case .missingName: "Enter your full name."
        case .passwordTooShort: "Password must be at least \(PasswordPolicy.minimumLength) characters."
        case .passwordTooLong:
            "Password must be at most \(PasswordPolicy.limit.bytes) bytes: \(PasswordPolicy.limit.bytes) plain letters, fewer with accents or emoji."
        case .passwordHasControlCharacters: "Password must not contain control characters such as tabs or line breaks."
        case .passwordIsEmail: "Password must not be your email address."
        case .invalidPicture: "Picture must be an https:// address, or left empty."
        case .fieldTooLong(let field, let limit): "\(field) must be at most \(limit) characters."
        }
    }
}
