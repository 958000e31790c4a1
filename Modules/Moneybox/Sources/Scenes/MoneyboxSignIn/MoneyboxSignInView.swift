import AtriumSDK

/// "Sign in to Moneybox": email, password and a submit button, with the API's message above them.
struct MoneyboxSignInView: SceneView {
    func screen(for state: MoneyboxSignInScene.State) -> Screen {
        var content: [UINode] = []
        if let message = state.message { content.append(.message(Message(message, kind: .error))) }
        content.append(
            .form(
                Form(
                    action: MoneyboxSignInScene.signIn(),
                    content: [
                        .field(
                            Field(
                                .email, name: "email", label: "Email", value: state.email, error: state.emailError, isRequired: true,
                                maxLength: MoneyboxSignInScene.emailLimit)),
                        .field(
                            Field(
                                .password, name: "password", label: "Password", error: state.passwordError, isRequired: true,
                                maxLength: MoneyboxSignInScene.passwordBytes)),
                        .button(Button("Sign in")),
                    ]
                )))
        return Screen(title: "Sign in to Moneybox", content: content)
    }
}
