import AtriumSDK

/// Sign in with email and password (or continue with a provider, or ask for a code); then back to
/// the page that asked, or the home route. Signing out is here too.
struct SignInScene: Scene {
    struct State: Sendable, Hashable {
        var email = ""
        var emailError: Wording?
        var passwordError: Wording?
        var error: Wording?
        var returnTo: String?
    }

    enum Action: Sendable {
        case signIn(Credentials)
        case signOut
    }

    struct Credentials: Decodable, Sendable {
        var email: String?
        var password: String?
    }

    static let id = "sign-in"
    static let title: Wording = "Sign in"
    static let page = Route.page("/login", name: .signIn)
    /// A sign-in form loaded before another tab signed in (or clicked twice) still works.
    static let signIn = Route.action("/login", formTokens: .includingReplacedSession)
    static let signOut = Route.action("/logout")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(signIn, Action.signIn), .action(signOut, .signOut)] }

    let accounts: Accounts
    let landing: SignInLanding
    /// Providers people may continue with; a sign-out continues at the provider signed in with.
    let providers: IdentityProviders
    let providerSession: any ProviderSessionRepository
    /// Where a provider sends people back after signing out: the sign-in page's public address.
    let signedOutURL: String
    let view: SignInView

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        .loaded(State(returnTo: context.returnTo))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .signIn(let credentials):
            // What the form says of each field, checked before anything is looked up or counted.
            let (email, password) = (credentials.email ?? "", credentials.password ?? "")
            var form = State(email: String(email.prefix(TextLimit.email.characters)), returnTo: context.returnTo)
            if email.trimmingCharacters(in: .whitespaces).isEmpty {
                form.emailError = "Enter your email."
            } else if !TextLimit.email.allows(email) {
                form.emailError = "An email has at most \(TextLimit.email.characters) characters."
            } else if !EmailAddress.isPlausible(EmailAddress.normalized(email)) {
                form.emailError = LoginError.invalidEmail.message
            }
            if password.isEmpty {
                form.passwordError = "Enter your password."
            } else if !PasswordPolicy.signInLimit.allows(password) {
                form.passwordError = "A password has at most \(PasswordPolicy.signInLimit.characters) characters."
            }
            if form.emailError != nil || form.passwordError != nil { return .invalid(form) }
            switch try await accounts.signIn(email: email, password: password) {
            case .success(let account):
                context.logger.info("signed in")
                return try await landing.land(account, context: context)
            case .failure(let error):
                let state = State(email: credentials.email ?? "", error: error.message, returnTo: context.returnTo)
                if case .lockedOut = error {
                    context.logger.notice("sign-in refused", metadata: ["reason": "locked out"])
                    return .tooManyRequests(state)
                }
                context.logger.notice("sign-in refused", metadata: ["reason": "credentials"])
                return .unauthorized(state)
            }
        case .signOut:
            // A provider sign-in ends at the provider too, when it has an end-session endpoint.
            var next = Self.page()
            if let session = try await providerSession.take(), let entry = providers.entry(session.providerID),
                let url = await entry.provider.endSessionURL(idToken: session.idToken, returnTo: signedOutURL)
            {
                next = .external(url)
            }
            return try await landing.signOut(context: context, then: next)
        }
    }
}
