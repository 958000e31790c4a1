import AtriumSDK
import Foundation

/// Starts the authorization code flow with a provider: a single-use `state` bound to this visitor's
/// session, a `nonce` and a PKCE verifier, kept for the callback; then off to the provider.
struct SSOStartScene: Scene {
    /// Never shown: the start always redirects (or fails), but a scene has a state.
    typealias State = String

    static let id = "sso-start"
    static let title: Wording = "Sign in"
    static let page = Route.page("/login/sso/{id}", parameters: SSOAddress.self)
    static var routes: [SceneRoute<Self>] { [.page(page)] }

    let providers: IdentityProviders
    let flows: any SSOFlowRepository
    let random: any RandomSource
    let clock: any WallClock
    var view: SSOStartView { SSOStartView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(SSOAddress.self)
        guard let provider = providers.entry(address.id) else { return .missing("There is no sign-in provider with this name.") }
        let state = random.token(bytes: 32)
        let nonce = random.token(bytes: 32)
        let verifier = random.token(bytes: 32)
        let url: String
        do {
            url = try await provider.provider.authorizationURL(state: state, nonce: nonce, verifier: verifier)
        } catch {
            context.logger.error("single sign-on unavailable", metadata: ["provider": "\(provider.id)", "reason": "\(error)"])
            return .failed("\(provider.title) cannot be reached right now. Please try again later, or sign in with your email.")
        }
        let flow = SSOFlow(providerID: provider.id, nonce: nonce, verifier: verifier, startedAt: clock.now, returnTo: context.returnTo)
        try await flows.start(flow, state: state)
        return .redirect(.external(url))
    }
}
