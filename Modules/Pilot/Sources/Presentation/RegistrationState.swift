/// The registration form as shown: what was typed (passwords are never shown back), the licenses
/// to choose from, and the field errors.
struct RegistrationState: Sendable, Hashable {
    var form: RegistrationForm
    var licenses: [PilotLicense]
    var errors: RegistrationErrors
    /// False on a fresh form, so nobody is greeted by errors before typing.
    var showsErrors: Bool
}
