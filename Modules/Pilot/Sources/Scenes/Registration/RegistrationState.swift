/// What the registration page shows: the form (for a visitor with no registration) or the
/// confirmation (for one who has registered).
enum RegistrationState: Sendable, Hashable {
    case form(RegistrationFormState)
    case confirmation(PilotRegistration.Confirmation)
}
