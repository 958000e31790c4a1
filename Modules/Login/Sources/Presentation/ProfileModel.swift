import AtriumSDK

/// The signed-in user's profile and notification switches.
struct ProfileModel: SceneModel {
    struct Notifications: Decodable, Sendable {
        var push: Bool?
        var news: Bool?
    }

    let accounts: Accounts

    func load(_ context: SceneContext) async throws -> SceneState<Account> {
        guard let userID = await context.session.userID, let account = try await accounts.account(id: userID) else {
            return .failed("Your account could not be found. Sign in again.")
        }
        return .loaded(account)
    }

    func saveNotifications(_ notifications: Notifications, context: SceneContext) async throws -> ActionOutcome<Account> {
        guard let userID = await context.session.userID else { return .navigate(.route(.signIn)) }
        try await accounts.updateNotifications(id: userID, push: notifications.push ?? false, news: notifications.news ?? false)
        return .navigate(.route("profile"))
    }
}
