import AtriumSDK

/// The Pilot scene's view model: Registration for a visitor with no registration, Confirmation
/// for one who has registered; register, live validation and logout.
struct PilotModel: SceneModel {
    enum Action: Sendable {
        /// Register with the form's fields: the confirmation, or the form again with its errors.
        case register(RegistrationFields)
        /// The form's errors without registering: what the page shows as the visitor types.
        case validate(RegistrationFields)
        /// Forget the registration: the form again.
        case logOut
    }

    let registration: PilotRegistration
    /// The Pilot page, where every action leads back to.
    let page: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<PilotState> {
        do {
            if let confirmation = try await registration.current() {
                return .loaded(.confirmation(confirmation))
            }
            return .loaded(.registration(try await state(for: RegistrationForm(), showsErrors: false)))
        } catch {
            context.logger.error("pilot registration could not be loaded", metadata: ["error": "\(type(of: error))"])
            return .failed(RegistrationError.generic.description)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<PilotState> {
        switch action {
        case .register(let fields):
            do {
                switch try await registration.register(fields.form) {
                case .registered: return .navigate(page)
                case .invalid: return .invalid(.registration(try await state(for: fields.form, showsErrors: true)))
                }
            } catch {
                context.logger.error("pilot registration could not be saved", metadata: ["error": "\(type(of: error))"])
                return .unavailable(RegistrationError.generic.description)
            }
        case .validate(let fields):
            return .show(.registration(try await state(for: fields.form, showsErrors: true)))
        case .logOut:
            try await registration.logOut()
            return .navigate(page)
        }
    }

    private func state(for form: RegistrationForm, showsErrors: Bool) async throws -> RegistrationState {
        var shown = form
        shown.password = ""
        shown.verification = ""
        return RegistrationState(
            form: shown,
            licenses: try await registration.licenses(),
            errors: try await registration.validate(form),
            showsErrors: showsErrors
        )
    }
}
