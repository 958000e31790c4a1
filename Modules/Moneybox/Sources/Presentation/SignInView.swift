import AtriumSDK

/// "Sign in to Moneybox": email, password and a submit button, with the API's message above them.
struct SignInView: SceneView {
    let signIn: Route<NoParameters>

    func screen(for state: SignInState) -> Screen {
        var content: [UINode] = []
        if let message = state.message { content.append(.message(Message(message, kind: .error))) }
        content.append(
            .form(
                Form(
                    action: signIn(),
                    content: [
                        .field(
                            Field(
                                .email, name: "email", label: "Email", value: state.email, error: state.emailError, isRequired: true,
                                maxLength: SignInModel.emailLimit)),
                        .field(
                            Field(
                                .password, name: "password", label: "Password", error: state.passwordError, isRequired: true,
                                maxLength: SignInModel.passwordBytes)),
                        .button(Button("Sign in")),
                    ]
                )))
        return Screen(title: "Sign in to Moneybox", content: content)
    }
}
