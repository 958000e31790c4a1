import AtriumSDK

/// The signed-in user's profile and notification switches.
struct ProfileModel: SceneModel {
    enum Action: Sendable {
        case saveNotifications(Notifications)
    }

    struct Notifications: Decodable, Sendable {
        var push: Bool?
        var news: Bool?
    }

    let accounts: Accounts
    /// Where a visitor goes whose session ended between the page and the form.
    let signInPage: LinkTarget
    /// The profile page, where saving leads back to.
    let page: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<Account> {
        guard let userID = await context.session.userID, let account = try await accounts.account(id: userID) else {
            return .failed("Your account could not be found. Sign in again.")
        }
        return .loaded(account)
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<Account> {
        switch action {
        case .saveNotifications(let notifications):
            guard let userID = await context.session.userID else { return .navigate(signInPage) }
            try await accounts.updateNotifications(id: userID, push: notifications.push ?? false, news: notifications.news ?? false)
            return .navigate(page)
        }
    }
}
