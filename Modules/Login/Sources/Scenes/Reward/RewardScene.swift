import AtriumSDK

/// The reward, for a visitor whose code was accepted; the OTP screen for anyone else.
struct RewardScene: Scene {
    struct State: Sendable, Hashable {
        /// Signed in by the code: the button continues (to `continuePath`, else the home route).
        var isSignedIn: Bool
        var continuePath: String?
    }

    static let id = "reward"
    static let title: Wording = "Reward"
    static let page = Route.page("/reward")
    static var routes: [SceneRoute<Self>] { [.page(page)] }

    let progress: any CodeProgressRepository
    let signsIn: Bool
    let view: RewardView

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        guard let reward = try await progress.reward() else { return .redirect(OTPScene.page()) }
        return .loaded(State(isSignedIn: signsIn, continuePath: signsIn ? reward.continueTo : nil))
    }
}
