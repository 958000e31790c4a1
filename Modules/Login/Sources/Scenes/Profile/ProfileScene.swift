import AtriumSDK

/// The signed-in user's profile and notification switches, the account's balance in each currency
/// it was charged in and the rides it paid for, and (with `login.mapRoute`) the app's two tabs.
struct ProfileScene: Scene {
    struct State: Sendable, Hashable {
        var account: Account
        var charges: AccountCharges
    }

    enum Action: Sendable {
        case saveNotifications(Notifications)
    }

    struct Notifications: Decodable, Sendable {
        var push: Bool?
        var news: Bool?
    }

    static let id = "profile"
    static let title: Wording = "Profile"
    static let isEntry = true
    static let page = Route.page("/profile", name: "profile", guard: .signedIn)
    static let saveNotifications = Route.action("/profile/notifications", guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(saveNotifications, Action.saveNotifications)] }

    let accounts: Accounts
    let charges: any ChargeRepository
    let view: ProfileView

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        guard let userID = try await context.session.userID, let account = try await accounts.account(id: userID) else {
            return .failed("Your account could not be found. Sign in again.")
        }
        return .loaded(State(account: account, charges: try await charges.charges(of: userID)))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .saveNotifications(let notifications):
            guard let userID = try await context.session.userID else { return .navigate(SignInScene.page()) }
            try await accounts.updateNotifications(id: userID, push: notifications.push ?? false, news: notifications.news ?? false)
            return .navigate(Self.page())
        }
    }
}
