import AtriumSDK

/// "Sign in with a code": the email to send a code to; then the OTP screen.
struct CodeRequestScene: Scene {
    struct State: Sendable, Hashable {
        var email = ""
        var error: Wording?
        var returnTo: String?
    }

    enum Action: Sendable {
        case request(Fields)
    }

    struct Fields: Decodable, Sendable {
        var email: String?
    }

    static let id = "code-request"
    static let title: Wording = "Sign in with a code"
    static let page = Route.page("/login/code")
    /// A form loaded before another tab signed in (or sent twice) still works.
    static let request = Route.action("/login/code", formTokens: .includingReplacedSession)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(request, Action.request)] }

    let codes: CodeSignIn
    let progress: any CodeProgressRepository
    var view: CodeRequestView { CodeRequestView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        .loaded(State(returnTo: context.returnTo))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .request(let fields):
            let email = fields.email ?? ""
            // The message goes out in the language of the page it was asked from.
            switch try await codes.requestCode(
                for: email, from: context.clientAddress, language: context.language, words: { context.text(of: $0) })
            {
            case .success:
                try await progress.setPendingEmail(EmailAddress.normalized(email))
                return .navigate(OTPScene.page(returnTo: context.returnTo.map(LinkTarget.path)))
            case .failure(.invalidEmail):
                return .invalid(
                    State(
                        email: String(email.prefix(TextLimit.email.characters)), error: LoginError.invalidEmail.message,
                        returnTo: context.returnTo))
            case .failure(.tooManyRequests(let minutes)):
                context.logger.notice("code refused", metadata: ["reason": "too many codes asked for from this address"])
                return .tooManyRequests(
                    State(
                        email: String(email.prefix(TextLimit.email.characters)),
                        error:
                            "Too many codes were asked for from this network. Please wait \(minutes) minutes and try again.",
                        returnTo: context.returnTo))
            case .failure(.deliveryFailed(let reason)):
                context.logger.error("one-time code not delivered", metadata: ["reason": "\(reason)"])
                return .unavailable("The code could not be sent just now. Please try again in a few minutes.")
            }
        }
    }
}
