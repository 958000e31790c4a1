import AtriumSDK

/// The accounts page: the investor's products from the API; sign-in when there is no session or the
/// API ended it; sign out.
struct AccountsModel: SceneModel {
    enum Action: Sendable {
        case signOut
    }

    let account: MoneyboxAccount
    let signIn: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<AccountsState> {
        do {
            let (investor, portfolio) = try await account.portfolio()
            return .loaded(AccountsState(investor: investor, portfolio: portfolio))
        } catch is MoneyboxAccount.NotSignedIn {
            return .redirect(signIn)
        } catch let error as MoneyboxError {
            if case .sessionExpired = error { return .redirect(signIn) }
            context.logger.notice("moneybox accounts unavailable", metadata: ["error": "\(MoneyboxModule.logged(error))"])
            return .failed(error.description)
        }
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<AccountsState> {
        switch action {
        case .signOut:
            try await account.signOut()
            return .navigate(signIn)
        }
    }
}
