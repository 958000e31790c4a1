import AtriumSDK

/// Why a registration field is invalid, with the original app's exact messages.
public enum RegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidName
    case nameTooLong
    case invalidLicense
    case passwordTooLong
    case emptyPassword
    case passwordContainsName
    case shortPassword
    case passwordFormat
    case verificationMismatch
    /// Something failed that the visitor cannot fix (the licenses could not be loaded).
    case generic

    public var description: String { message.text }

    /// The message, in words a translation replaces (English exact, as the original app wrote it).
    public var message: Wording {
        switch self {
        case .invalidName: "Must contain at least one non-whitespace character."
        case .nameTooLong: "Name must be at most \(RegistrationValidator.nameLimit.characters) characters."
        case .invalidLicense: "A valid type of pilot license should be inserted."
        case .passwordTooLong:
            "Password must be at most \(RegistrationValidator.passwordBytes) bytes: \(RegistrationValidator.passwordBytes) plain letters, fewer with accents or emoji."
        case .emptyPassword: "Password cannot be empty."
        case .passwordContainsName: "Password should not contains username."
        case .shortPassword: "Password must be at least 12 characters."
        case .passwordFormat: "Password must be a combination of uppercase, lowercase and numbers."
        case .verificationMismatch: "Must be identical to the password."
        case .generic: "An error occurred, please restart the app."
        }
    }
}
