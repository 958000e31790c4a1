import AtriumSDK

/// The profile's details, read only, with how complete the profile is, and the account's latest
/// charges.
struct ProfileDetailsScene: Scene {
    struct State: Sendable, Hashable {
        var account: Account
        var charges: AccountCharges
    }

    static let id = "profile-details"
    static let title: Wording = "Profile details"
    static let page = Route.page("/profile/details", guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page)] }

    let accounts: Accounts
    let charges: any ChargeRepository
    var view: ProfileDetailsView { ProfileDetailsView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        guard let userID = try await context.session.userID, let account = try await accounts.account(id: userID) else {
            return .failed("Your account could not be found. Sign in again.")
        }
        return .loaded(State(account: account, charges: try await charges.charges(of: userID)))
    }
}
