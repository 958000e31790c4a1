import AtriumSDK

/// Sign in with email and password; then back to the page that asked, or the home route.
struct SignInModel: SceneModel {
    struct State: Sendable, Hashable {
        var email = ""
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
            switch try await accounts.signIn(email: credentials.email ?? "", password: credentials.password ?? "") {
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
