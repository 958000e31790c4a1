import AtriumSDK

/// "Reward": the animation the original played, and the way on: back to the OTP screen, or after a
/// sign-in on to the page that asked for it (else the home route).
struct RewardView: SceneView {
    /// Where a signed-in visitor continues when no page asked for it.
    let home: RouteName

    func screen(for state: RewardScene.State) -> Screen {
        let next: Link =
            state.isSignedIn
            ? Link("Continue", to: state.continuePath.map(LinkTarget.path) ?? .named(home), style: .button)
            : Link("Enter another code", to: OTPScene.page(), style: .button)
        return Screen(
            title: "Reward",
            content: [
                .animation(Animation(name: "reward", label: "Your reward: a glowing gold coin")),
                .text(state.isSignedIn ? Text("You are signed in. Here is your reward!") : Text("Your code was accepted. Here is your reward!")),
                .link(next),
            ])
    }
}
