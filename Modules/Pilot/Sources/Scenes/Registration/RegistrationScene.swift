import AtriumSDK

/// Pilot registration, the original app's Registration and Confirmation screens: register with a
/// name, a license type and a password (checked as it is typed), see the aircraft the license
/// allows, log out. Each action is made on the registration the page showed (its ``ActionBasis``):
/// a form shown before a registration made elsewhere, or a "Logout" shown for a registration
/// replaced since, does nothing and shows the registration as it is.
struct RegistrationScene: Scene {
    /// The registration form as shown: what was typed (never the passwords), the licenses to choose
    /// from, each field's error once they are shown, and the registration it replaces (nil: none).
    struct FormState: Sendable, Hashable {
        var form: RegistrationForm
        var licenses: [PilotLicense]
        var errors: RegistrationErrors
        var showsErrors: Bool
        var replacing: PilotRegistration.Confirmation? = nil
    }

    /// What the registration page shows: the form (for a visitor with no registration) or the
    /// confirmation (for one who has registered).
    enum State: Sendable, Hashable {
        case form(FormState)
        case confirmation(PilotRegistration.Confirmation)
    }

    enum Action: Sendable {
        /// Register with the form's fields: the confirmation, or the form again with its errors.
        case register(RegistrationFields)
        /// The form's errors without registering: what the page shows as the visitor types.
        case validate(RegistrationFields)
        /// Forget the registration: the form again.
        case logOut
    }

    static let id = "registration"
    static let title: Wording = "Pilot registration"
    static let isEntry = true

    static let page = Route.page("/pilot", name: "pilot")
    static let register = Route.action("/pilot/register")
    static let validate = Route.action("/pilot/validate")
    static let logOut = Route.action("/pilot/logout")
    static var routes: [SceneRoute<Self>] {
        [.page(page), .action(register, Action.register), .action(validate, Action.validate), .action(logOut, .logOut)]
    }

    let registration: PilotRegistration
    var view: RegistrationView { RegistrationView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        do {
            if let confirmation = try await registration.current() {
                return .loaded(.confirmation(confirmation))
            }
            let licenses = try await registration.licenses()
            let form = RegistrationForm()
            return .loaded(
                .form(Self.state(for: form, licenses: licenses, errors: registration.validate(form, licenses: licenses), showsErrors: false)))
        } catch {
            context.logger.error("pilot registration could not be loaded", metadata: ["error": "\(type(of: error))"])
            return .failed(RegistrationError.generic.message)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .register(let fields):
            do {
                if context.basis != nil, let current = try await registration.current(), context.isOutdated(by: Self.basis(of: current)) {
                    let licenses = try await registration.licenses()
                    var state = Self.state(
                        for: fields.form, licenses: licenses, errors: registration.validate(fields.form, licenses: licenses), showsErrors: true)
                    state.replacing = current
                    return .changed(
                        .form(state),
                        because:
                            "You registered as \(current.name) on another page since this form was shown. Register again to replace that registration."
                    )
                }
                switch try await registration.register(fields.form) {
                case .registered: return .navigate(Self.page())
                case .invalid(let errors, let licenses):
                    return .invalid(.form(Self.state(for: fields.form, licenses: licenses, errors: errors, showsErrors: true)))
                }
            } catch {
                context.logger.error("pilot registration could not be saved", metadata: ["error": "\(type(of: error))"])
                return .unavailable(RegistrationError.generic.message)
            }
        case .validate(let fields):
            let licenses = try await registration.licenses()
            let errors = registration.validate(fields.form, licenses: licenses)
            return .show(.form(Self.state(for: fields.form, licenses: licenses, errors: errors, showsErrors: true)))
        case .logOut:
            if context.basis != nil, let current = try await registration.current(), context.isOutdated(by: Self.basis(of: current)) {
                return .changed(
                    .confirmation(current), because: "You registered again as \(current.name) since this page was shown, so you are still registered."
                )
            }
            try await registration.logOut()
            return .navigate(Self.page())
        }
    }

    /// What an action is made on: the registration the page shows, or none.
    static func basis(of registration: PilotRegistration.Confirmation?) -> ActionBasis {
        guard let registration else { return ActionBasis("registration", "none") }
        return ActionBasis("registration", registration.name, registration.license.type)
    }

    /// The form as shown: what was typed, without the passwords.
    static func state(for form: RegistrationForm, licenses: [PilotLicense], errors: RegistrationErrors, showsErrors: Bool) -> FormState {
        var shown = form
        shown.password = ""
        shown.verification = ""
        return FormState(form: shown, licenses: licenses, errors: errors, showsErrors: showsErrors)
    }
}
