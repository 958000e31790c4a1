/// The registration rules of the original app, in its order, each linear in the text it reads.
/// Over-long values are refused before any other rule reads them.
public struct RegistrationValidator: Sendable {
    /// Names: 100 characters, and 400 bytes of UTF-8 so combining marks cannot stretch one character.
    public static let nameLimit = (characters: 100, bytes: 400)
    /// Passwords: 128 bytes of UTF-8.
    public static let passwordBytes = 128

    public init() {}

    static func fits(_ text: String, characters: Int, bytes: Int) -> Bool {
        // The byte count is known without reading the text, and it bounds the character count.
        text.utf8.count <= bytes && text.count <= characters
    }

    /// At least one non-whitespace character on a single line: the original's `^.*\S.*$`, checked
    /// in one pass instead of by a backtracking regular expression.
    public func validateName(_ name: String) -> RegistrationError? {
        guard Self.fits(name, characters: Self.nameLimit.characters, bytes: Self.nameLimit.bytes) else { return .nameTooLong }
        let valid = !name.contains(where: \.isNewline) && name.contains(where: { !$0.isWhitespace })
        return valid ? nil : .invalidName
    }

    /// One of the loaded licenses; no selection is invalid too.
    public func validateLicense(_ type: String?, in licenses: [PilotLicense]) -> RegistrationError? {
        guard let type, licenses.contains(where: { $0.type == type }) else { return .invalidLicense }
        return nil
    }

    /// Checked in order, first failure wins: too long; empty; contains the name (lowercased; an
    /// empty name never triggers this); shorter than 12; lacks a lowercase letter, an uppercase
    /// letter or a digit.
    public func validatePassword(_ password: String, name: String) -> RegistrationError? {
        if password.utf8.count > Self.passwordBytes { return .passwordTooLong }
        if password.isEmpty { return .emptyPassword }
        // Both lengths are bounded here, so the substring search is too.
        if !name.isEmpty && Self.fits(name, characters: Self.nameLimit.characters, bytes: Self.nameLimit.bytes)
            && password.lowercased().contains(name.lowercased())
        {
            return .passwordContainsName
        }
        if password.count < 12 { return .shortPassword }
        let hasLowercase = password.contains(where: \.isLowercase)
        let hasUppercase = password.contains(where: \.isUppercase)
        let hasDigit = password.contains(where: \.isNumber)
        if !(hasLowercase && hasUppercase && hasDigit) { return .passwordFormat }
        return nil
    }

    /// Must equal the password; re-checked whenever either changes.
    public func validateVerification(_ verification: String, password: String) -> RegistrationError? {
        verification.utf8.count <= Self.passwordBytes && verification == password ? nil : .verificationMismatch
    }

    public func validate(_ form: RegistrationForm, licenses: [PilotLicense]) -> RegistrationErrors {
        RegistrationErrors(
            name: validateName(form.name),
            license: validateLicense(form.licenseType, in: licenses),
            password: validatePassword(form.password, name: form.name),
            verification: validateVerification(form.verification, password: form.password)
        )
    }
}
