import AtriumSDK

/// Why a provider sign-in did not complete, and the way back to sign in.
struct SSOCallbackView: SceneView {
    let signIn: Route<NoParameters>

    func screen(for state: SSOCallbackModel.State) -> Screen {
        Screen(
            title: "Sign-in did not complete",
            content: [
                .message(Message(state.message, kind: .error)),
                .link(Link("Back to sign in", to: signIn(), style: .button)),
            ])
    }
}
