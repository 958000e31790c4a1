/// What the Pilot scene shows: the registration form, or the confirmation of a registration.
enum PilotState: Sendable, Hashable {
    case registration(RegistrationState)
    case confirmation(PilotRegistration.Confirmation)
}
