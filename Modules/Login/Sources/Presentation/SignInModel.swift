import AtriumSDK

/// Sign in with email and password; then back to the page that asked, or the home route.
struct SignInModel: SceneModel {
    struct State: Sendable, Hashable {
        var email = ""
        var emailError: String?
        var passwordError: String?
        var error: String?
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

    let accounts: Accounts
    let landing: SignInLanding
    /// The sign-in page, where signing out leads.
    let page: LinkTarget
    /// Providers whose sign-out continues at the provider.
    let providers: OpenIDProviders
    let sealer: any SecretSealer
    /// Where a provider sends people back after signing out: the sign-in page's public address.
    let signedOutURL: String

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
                form.emailError = LoginError.invalidEmail.description
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
                let state = State(email: credentials.email ?? "", error: error.description, returnTo: context.returnTo)
                if case .lockedOut = error {
                    context.logger.notice("sign-in refused", metadata: ["reason": "locked out"])
                    return .tooManyRequests(state)
                }
                context.logger.notice("sign-in refused", metadata: ["reason": "credentials"])
                return .unauthorized(state)
            }
        case .signOut:
            // A provider sign-in ends at the provider too, when it has an end-session endpoint.
            let providerSession = try await StoredProviderSession(records: context.storage, sealer: sealer).take()
            var next = page
            if let providerSession, let provider = providers.entry(providerSession.providerID),
                let url = await provider.client.endSessionURL(idToken: providerSession.idToken, returnTo: signedOutURL)
            {
                next = .external(url)
            }
            return try await landing.signOut(context: context, then: next)
        }
    }
}
