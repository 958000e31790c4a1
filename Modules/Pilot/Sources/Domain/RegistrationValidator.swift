/// The registration rules of the original app, in its order.
public struct RegistrationValidator: Sendable {
    public init() {}

    /// At least one non-whitespace character (`^.*\S.*$`).
    public func validateName(_ name: String) -> RegistrationError? {
        name.wholeMatch(of: /^.*\S.*$/) == nil ? .invalidName : nil
    }

    /// One of the loaded licenses; no selection is invalid too.
    public func validateLicense(_ type: String?, in licenses: [PilotLicense]) -> RegistrationError? {
        guard let type, licenses.contains(where: { $0.type == type }) else { return .invalidLicense }
        return nil
    }

    /// Checked in order, first failure wins: empty; contains the name (lowercased; an empty name
    /// never triggers this); shorter than 12; lacks a lowercase letter, an uppercase letter or a digit.
    public func validatePassword(_ password: String, name: String) -> RegistrationError? {
        if password.isEmpty { return .emptyPassword }
        if !name.isEmpty && password.lowercased().contains(name.lowercased()) { return .passwordContainsName }
        if password.count < 12 { return .shortPassword }
        let hasLowercase = password.contains(where: \.isLowercase)
        let hasUppercase = password.contains(where: \.isUppercase)
        let hasDigit = password.contains(where: \.isNumber)
        if !(hasLowercase && hasUppercase && hasDigit) { return .passwordFormat }
        return nil
    }

    /// Must equal the password; re-checked whenever either changes.
    public func validateVerification(_ verification: String, password: String) -> RegistrationError? {
        verification == password ? nil : .verificationMismatch
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
