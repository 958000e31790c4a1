import AtriumSDK

/// The Registration and Confirmation screens, with the original app's labels.
struct RegistrationView: SceneView {
    func screen(for state: RegistrationScene.State) -> Screen {
        switch state {
        case .form(let form): registrationScreen(form)
        case .confirmation(let confirmation): confirmationScreen(confirmation)
        }
    }

    private func registrationScreen(_ state: RegistrationScene.FormState) -> Screen {
        func error(_ error: RegistrationError?) -> Wording? {
            state.showsErrors ? error?.message : nil
        }
        return Screen(
            title: "Register",
            content: [
                .form(
                    Form(
                        action: RegistrationScene.register(),
                        liveValidation: RegistrationScene.validate(),
                        basis: RegistrationScene.basis(of: state.replacing),
                        content: [
                            .field(
                                Field(
                                    .text, name: "name", label: "Name", value: state.form.name, error: error(state.errors.name),
                                    isRequired: true, maxLength: RegistrationValidator.nameLimit.characters, autofill: .name)),
                            .picker(
                                Picker(
                                    name: "license",
                                    label: "Pilot license type:",
                                    options: state.licenses.map { Picker.Option(value: $0.type, label: .verbatim($0.type)) },
                                    selected: state.form.licenseType,
                                    placeholder: "Choose a license",
                                    error: error(state.errors.license),
                                    isRequired: true
                                )
                            ),
                            .field(
                                Field(
                                    .password, name: "password", label: "Password", error: error(state.errors.password), isRequired: true,
                                    maxLength: RegistrationValidator.passwordBytes, autofill: .newPassword)),
                            .field(
                                Field(
                                    .password, name: "verification", label: "Password verification", error: error(state.errors.verification),
                                    isRequired: true, maxLength: RegistrationValidator.passwordBytes, autofill: .newPassword)
                            ),
                            .button(Button("Register", isEnabled: state.errors.isValid)),
                        ]
                    )
                )
            ]
        )
    }

    private func confirmationScreen(_ confirmation: PilotRegistration.Confirmation) -> Screen {
        Screen(
            title: "Confirmation",
            content: [
                .heading(Heading("Welcome \(confirmation.name)!")),
                .text(Text("Your license is \(confirmation.license.type)")),
                .list(ItemList(title: "Your allowed aircrafts are:", content: confirmation.license.aircrafts.map { .text(Text(verbatim: $0)) })),
                .button(Button("Logout", style: .secondary, action: RegistrationScene.logOut(), basis: RegistrationScene.basis(of: confirmation))),
            ]
        )
    }
}
