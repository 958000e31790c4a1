import AtriumSDK

struct SignInView: SceneView {
    /// "Sign in with a code", when codes are issued to accounts.
    let offersCodes: Bool
    /// "Continue with <title>" for each configured provider.
    let providers: [(title: String, address: SSOAddress)]

    func screen(for state: SignInScene.State) -> Screen {
        // The page that asked for sign-in travels on, to the form and to sign-up.
        let back = state.returnTo.map(LinkTarget.path)
        var content: [UINode] = []
        if let error = state.error { content.append(.message(Message(error, kind: .error))) }
        content += providers.map { provider in
            .link(Link("Continue with \(provider.title)", to: SSOStartScene.page(provider.address, returnTo: back), style: .button))
        }
        content += [
            .form(
                Form(
                    action: SignInScene.signIn(returnTo: back),
                    content: [
                        .field(
                            Field(
                                .email, name: "email", label: "Email", value: state.email, error: state.emailError, isRequired: true,
                                maxLength: TextLimit.email.characters)),
                        .field(
                            Field(
                                .password, name: "password", label: "Password", error: state.passwordError, isRequired: true,
                                maxLength: PasswordPolicy.signInLimit.characters)),
                        .button(Button("Sign in")),
                    ]
                )
            ),
            .link(Link("Don't have an account? Sign up", to: SignUpScene.page(returnTo: back))),
        ]
        if offersCodes { content.append(.link(Link("Sign in with a code", to: CodeRequestScene.page(returnTo: back)))) }
        return Screen(title: "Sign in", content: content)
    }
}
