/// The registration form as shown: what was typed (never the passwords), the licenses to choose
/// from, and each field's error once they are shown.
struct RegistrationFormState: Sendable, Hashable {
    var form: RegistrationForm
    var licenses: [PilotLicense]
    var errors: RegistrationErrors
    var showsErrors: Bool
}
