/// Passwords after NIST SP 800-63B: at least 12 characters, at most 128 bytes, no composition
/// rules, not the email, and no control characters (a NUL or a line break is never typed on
/// purpose, and some hashing schemes stop at a NUL).
public struct PasswordPolicy: Sendable {
    public static let minimumLength = 12
    public static let limit = TextLimit.password
    /// What a sign-in accepts: also the longer passwords (in bytes) that accounts made before the
    /// byte limit may have.
    public static let signInLimit = TextLimit(characters: 128, bytes: 512)

    public init() {}

    public func problem(with password: String, email: String) -> LoginError? {
        if !Self.limit.allows(password) { return .passwordTooLong }
        if password.count < Self.minimumLength { return .passwordTooShort }
        if password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .passwordHasControlCharacters }
        if password.lowercased() == email.lowercased() { return .passwordIsEmail }
        return nil
    }
}
