import AtriumSDK

struct SignUpView: SceneView {
    func screen(for state: SignUpScene.State) -> Screen {
        let back = state.returnTo.map(LinkTarget.path)
        return Screen(
            title: "Sign up",
            content: [
                .form(
                    Form(
                        action: SignUpScene.signUp(returnTo: back),
                        content: [
                            .field(
                                Field(
                                    .text, name: "fullName", label: "Full name", value: state.fullName, error: state.errors.fullName?.message,
                                    isRequired: true, maxLength: TextLimit.name.characters, autofill: .name)),
                            .field(
                                Field(
                                    .email, name: "email", label: "Email", value: state.email, error: state.errors.email?.message,
                                    isRequired: true, maxLength: TextLimit.email.characters)),
                            .field(
                                Field(
                                    .password,
                                    name: "password",
                                    label: "Password",
                                    error: state.errors.password?.message,
                                    placeholder: "At least 12 characters",
                                    isRequired: true,
                                    maxLength: PasswordPolicy.limit.characters,
                                    autofill: .newPassword
                                )
                            ),
                            .button(Button("Sign up")),
                        ]
                    )
                ),
                .link(Link("Already have an account? Sign in", to: SignInScene.page(returnTo: back))),
            ]
        )
    }
}
