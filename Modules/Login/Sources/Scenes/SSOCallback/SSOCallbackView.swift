import AtriumSDK

/// Why a provider sign-in did not complete, and the way back to sign in.
struct SSOCallbackView: SceneView {
    func screen(for state: SSOCallbackScene.State) -> Screen {
        Screen(
            title: "Sign-in did not complete",
            content: [
                .message(Message(state.message, kind: .error)),
                .link(Link("Back to sign in", to: SignInScene.page(), style: .button)),
            ])
    }
}
