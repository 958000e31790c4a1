import AtriumSDK

struct SignInView: SceneView {
    func screen(for state: SignInModel.State, context: ViewContext) -> Screen {
        var content: [UINode] = []
        if let error = state.error { content.append(.message(Message(error, kind: .error))) }
        content += [
            .form(
                Form(
                    action: .path("/login" + LocalPath.returnQuery(state.returnTo)),
                    content: [
                        .field(
                            Field(.email, name: "email", label: "Email", value: state.email, isRequired: true, maxLength: TextLimit.email.characters)),
                        .field(Field(.password, name: "password", label: "Password", isRequired: true)),
                        .button(Button("Sign in")),
                    ]
                )
            ),
            .link(Link("Don't have an account? Sign up", to: .path("/signup" + LocalPath.returnQuery(state.returnTo)))),
        ]
        return Screen(title: "Sign in", content: content)
    }
}
