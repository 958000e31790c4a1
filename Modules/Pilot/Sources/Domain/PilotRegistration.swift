/// The registration use case: validate a form against the licenses, save the pilot, find the
/// current registration with its license, and log out.
public struct PilotRegistration: Sendable {
    /// A registered pilot with the license it holds.
    public struct Confirmation: Sendable, Hashable {
        public var name: String
        public var license: PilotLicense
    }

    /// The outcome of a registration attempt.
    public enum Outcome: Sendable, Equatable {
        case registered(Confirmation)
        /// The form's errors, with the licenses they were checked against (the form shows them again).
        case invalid(RegistrationErrors, licenses: [PilotLicense])
    }

    let licenseSource: any LicenseRepository
    let registrations: any RegistrationRepository
    let validator = RegistrationValidator()

    public init(licenses: any LicenseRepository, registrations: any RegistrationRepository) {
        self.licenseSource = licenses
        self.registrations = registrations
    }

    public func licenses() async throws -> [PilotLicense] { try await licenseSource.licenses() }

    /// The form's errors against `licenses`.
    public func validate(_ form: RegistrationForm, licenses: [PilotLicense]) -> RegistrationErrors {
        validator.validate(form, licenses: licenses)
    }

    /// Validates on the server whatever the page did, then saves name and license (never the password).
    public func register(_ form: RegistrationForm) async throws -> Outcome {
        let licenses = try await licenses()
        let errors = validator.validate(form, licenses: licenses)
        guard errors.isValid, let license = licenses.first(where: { $0.type == form.licenseType }) else {
            return .invalid(errors, licenses: licenses)
        }
        try await registrations.save(RegisteredPilot(name: form.name, licenseType: license.type))
        return .registered(Confirmation(name: form.name, license: license))
    }

    /// The current registration, or nil. A saved license type that no longer exists counts as no
    /// registration (the visitor registers again).
    public func current() async throws -> Confirmation? {
        guard let pilot = try await registrations.current() else { return nil }
        guard let license = try await licenses().first(where: { $0.type == pilot.licenseType }) else { return nil }
        return Confirmation(name: pilot.name, license: license)
    }

    public func logOut() async throws { try await registrations.delete() }
}
