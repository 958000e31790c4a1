import AtriumSDK

/// The reward, for a visitor whose code was accepted; the OTP screen for anyone else.
struct RewardModel: SceneModel {
    struct State: Sendable, Hashable {
        /// Signed in by the code: the button continues (to `continuePath`, else the home route).
        var isSignedIn: Bool
        var continuePath: String?
    }

    let otp: LinkTarget
    let signsIn: Bool

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        guard let reward = try await StoredCodeProgress(records: context.storage).reward() else { return .redirect(otp) }
        return .loaded(State(isSignedIn: signsIn, continuePath: signsIn ? reward.continueTo : nil))
    }
}
