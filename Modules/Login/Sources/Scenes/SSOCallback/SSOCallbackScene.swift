import AtriumSDK
import Foundation

/// The provider's answer: the flow its `state` names (once), the code exchanged, the ID token
/// checked, the account found, linked or made, and the session signed in; otherwise a page that
/// says what went wrong, with nothing signed in.
struct SSOCallbackScene: Scene {
    struct State: Sendable, Hashable {
        var message: Wording
    }

    static let id = "sso-callback"
    static let title: Wording = "Sign-in did not complete"
    static let page = Route.page("/login/sso/{id}/callback", parameters: SSOCallbackAddress.self)
    static var routes: [SceneRoute<Self>] { [.page(page)] }

    let providers: IdentityProviders
    let identities: IdentitySignIn
    let landing: SignInLanding
    let flows: any SSOFlowRepository
    let providerSession: any ProviderSessionRepository
    let clock: any WallClock
    var view: SSOCallbackView { SSOCallbackView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let answer = try context.parameters(SSOCallbackAddress.self)
        guard let provider = providers.entry(answer.id) else { return .missing("There is no sign-in provider with this name.") }
        func refuse(_ message: Wording, reason: String) -> SceneState<State> {
            context.logger.notice("single sign-on refused", metadata: ["provider": "\(provider.id)", "reason": "\(reason)"])
            return .loaded(State(message: message))
        }
        guard let flow = try await flows.take(state: answer.state ?? "", at: clock.now),
            flow.providerID == provider.id
        else {
            return refuse("This sign-in has expired or was already used. Please start again.", reason: "unknown, reused or expired state")
        }
        if let error = answer.error {
            return refuse("\(provider.title) did not sign you in (\(error.prefix(100))).", reason: "the provider answered \(error.prefix(100))")
        }
        guard let code = answer.code, !code.isEmpty, code.utf8.count <= 4096 else {
            return refuse("\(provider.title) sent no sign-in code. Please start again.", reason: "no code")
        }
        let signedIn: (identity: ProviderIdentity, idToken: String)
        do {
            signedIn = try await provider.provider.finish(code: code, verifier: flow.verifier, nonce: flow.nonce)
        } catch {
            if case .unreachable = error {
                return refuse("\(provider.title) cannot be reached right now. Please try again later.", reason: error.description)
            }
            return refuse(
                "Signing in with \(provider.title) did not complete: its answer could not be trusted. Please start again.", reason: error.description)
        }
        switch try await identities.account(for: signedIn.identity, provider: provider.title) {
        case .failure(let problem):
            return refuse(problem.message, reason: "\(problem)")
        case .success(let account):
            try await landing.signIn(account, context: context)
            // Signed in: the records are now the account's.
            try await providerSession.keep(providerID: provider.id, idToken: signedIn.idToken)
            context.logger.info("signed in with a provider", metadata: ["provider": "\(provider.id)"])
            return .redirect(flow.returnTo.map(LinkTarget.path) ?? .named(landing.home))
        }
    }
}
