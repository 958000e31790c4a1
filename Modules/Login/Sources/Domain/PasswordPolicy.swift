/// Passwords after NIST SP 800-63B: 12 to 128 characters, no composition rules, not the email.
public struct PasswordPolicy: Sendable {
    public static let minimumLength = 12
    public static let maximumLength = 128

    public init() {}

    public func problem(with password: String, email: String) -> LoginError? {
        if password.count < Self.minimumLength { return .passwordTooShort }
        if password.count > Self.maximumLength { return .passwordTooLong }
        if password.lowercased() == email.lowercased() { return .passwordIsEmail }
        return nil
    }
}
