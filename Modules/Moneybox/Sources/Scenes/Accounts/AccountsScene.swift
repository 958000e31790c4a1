import AtriumSDK

/// The accounts page: the investor's products from the API; sign-in when there is no session or the
/// API ended it; sign out.
struct AccountsScene: Scene {
    /// The accounts page: who is signed in and their products.
    struct State: Sendable, Hashable {
        var investor: Investor
        var portfolio: Portfolio
    }

    enum Action: Sendable {
        case signOut
    }

    static let id = "accounts"
    static let title: Wording = "Accounts"
    static let page = Route.page("/moneybox/accounts")
    static let signOut = Route.action("/moneybox/sign-out")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(signOut, .signOut)] }

    let account: MoneyboxAccount
    var view: AccountsView { AccountsView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        do {
            let (investor, portfolio) = try await account.portfolio()
            return .loaded(State(investor: investor, portfolio: portfolio))
        } catch is MoneyboxAccount.NotSignedIn {
            return .redirect(MoneyboxSignInScene.page())
        } catch let error as MoneyboxError {
            if case .sessionExpired = error { return .redirect(MoneyboxSignInScene.page()) }
            context.logger.notice("moneybox accounts unavailable", metadata: ["error": "\(error.logged)"])
            return .failed(error.message)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .signOut:
            try await account.signOut()
            return .navigate(MoneyboxSignInScene.page())
        }
    }
}
