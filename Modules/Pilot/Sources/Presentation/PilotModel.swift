import AtriumSDK

/// The Pilot scene's view model: Registration for a visitor with no registration, Confirmation
/// for one who has registered; register, live validation and logout.
struct PilotModel: SceneModel {
    let registration: PilotRegistration

    func load(_ context: SceneContext) async throws -> SceneState<PilotState> {
        do {
            if let confirmation = try await registration.current() {
                return .loaded(.confirmation(confirmation))
            }
            let form = RegistrationForm()
            return .loaded(.registration(try await state(for: form, showsErrors: false)))
        } catch {
            context.logger.error("pilot registration could not be loaded", metadata: ["error": "\(type(of: error))"])
            return .failed(RegistrationError.generic.description)
        }
    }

    func register(_ action: RegisterAction, context: SceneContext) async throws -> ActionOutcome<PilotState> {
        do {
            switch try await registration.register(action.form) {
            case .registered:
                return .navigate(.route("pilot"))
            case .invalid:
                return .invalid(.registration(try await state(for: action.form, showsErrors: true)))
            }
        } catch {
            context.logger.error("pilot registration could not be saved", metadata: ["error": "\(type(of: error))"])
            return .render(.failed(RegistrationError.generic.description), status: .serviceUnavailable)
        }
    }

    /// The form's errors without registering: what the page shows as the visitor types.
    func validate(_ action: RegisterAction, context: SceneContext) async throws -> ActionOutcome<PilotState> {
        .show(.registration(try await state(for: action.form, showsErrors: true)))
    }

    func logOut(context: SceneContext) async throws -> ActionOutcome<PilotState> {
        try await registration.logOut()
        return .navigate(.route("pilot"))
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
