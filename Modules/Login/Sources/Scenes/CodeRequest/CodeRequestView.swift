import AtriumSDK

/// The email a code is sent to.
struct CodeRequestView: SceneView {
    func screen(for state: CodeRequestScene.State) -> Screen {
        let back = state.returnTo.map(LinkTarget.path)
        return Screen(
            title: "Sign in with a code",
            content: [
                .text(Text("We send a one-time code to your email. Type it on the next screen to sign in.")),
                .form(
                    Form(
                        action: CodeRequestScene.request(returnTo: back),
                        content: [
                            .field(
                                Field(
                                    .email, name: "email", label: "Email", value: state.email, error: state.error, isRequired: true,
                                    maxLength: TextLimit.email.characters, autofill: .username)),
                            .button(Button("Send me a code")),
                        ])),
                .link(Link("Sign in with a password", to: SignInScene.page(returnTo: back))),
            ])
    }
}
