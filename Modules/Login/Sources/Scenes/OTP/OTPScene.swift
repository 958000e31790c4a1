import AtriumSDK

/// The original Rewards screen: a code of `length` digits, checked by the configured verifier behind
/// the per-address throttle; the reward when it is right.
struct OTPScene: Scene {
    struct State: Sendable, Hashable {
        var length: Int
        var error: Wording?
        /// A note above the form: that a code is on its way.
        var note: Wording?
        /// Why the code was not checked (too many tries).
        var alert: Wording?
        var returnTo: String?
    }

    enum Action: Sendable {
        case submit(Fields)
    }

    struct Fields: Decodable, Sendable {
        var code: String?
    }

    static let invalidCode: Wording = "INVALID CODE"
    static let networkProblem: Wording = "Oops. Please check network connection."
    static let somethingWrong: Wording = "Oops. Something went wrong!"

    static let id = "otp"
    static let title: Wording = "Please enter your OTP"
    static let page = Route.page("/otp", name: "otp")
    /// A code form loaded before another tab signed in (or sent twice) still works.
    static let submit = Route.action("/otp", formTokens: .includingReplacedSession)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(submit, Action.submit)] }

    let codes: CodeSignIn
    /// Present when codes are issued to accounts: a right code signs the account in.
    let landing: SignInLanding?
    let progress: any CodeProgressRepository
    let expiryMinutes: Int
    var view: OTPView { OTPView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        var state = State(length: codes.length, returnTo: context.returnTo)
        if landing != nil, try await progress.pendingEmail() != nil {
            state.note = "If an account has this email, a code is on its way. It works for \(expiryMinutes) minutes."
        }
        return .loaded(state)
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .submit(let fields):
            var state = State(length: codes.length, returnTo: context.returnTo)
            let code = fields.code ?? ""
            guard codes.isWellFormed(code) else {
                state.error = "Enter the \(codes.length) digits of your code."
                return .invalid(state)
            }
            let email = landing == nil ? nil : try await progress.pendingEmail()
            switch try await codes.check(code, email: email, from: context.clientAddress) {
            case .accepted(let account):
                if let account, let landing {
                    try await progress.clearPendingEmail()
                    try await landing.signIn(account, context: context)
                    context.logger.info("signed in with a code")
                }
                // After a sign-in the records are the account's: the reward goes with it.
                try await progress.grantReward(continueTo: context.returnTo)
                return .navigate(RewardScene.page())
            case .invalid:
                context.logger.notice("code refused")
                state.error = Self.invalidCode
                return .unauthorized(state)
            case .tooManyTries(let minutes):
                context.logger.notice("code refused", metadata: ["reason": "too many tries from this address"])
                state.alert = "Too many tries. Please wait \(minutes) minutes and try again."
                return .tooManyRequests(state)
            case .unreachable:
                return .unavailable(Self.networkProblem)
            case .failed:
                return .unavailable(Self.somethingWrong)
            }
        }
    }
}
