import AtriumSDK

/// Profile details: how complete the profile is, its rows, and the form that completes it.
struct ProfileDetailsModel: SceneModel {
    struct State: Sendable, Hashable {
        /// The account as stored: the completion bar counts only what was saved.
        var account: Account
        /// What the form shows: the stored details, or the values just refused.
        var form: Submit
        var isEditing: Bool
        var errors = ProfileDetailsErrors()

        init(account: Account, form: Submit? = nil, isEditing: Bool, errors: ProfileDetailsErrors = ProfileDetailsErrors()) {
            self.account = account
            self.form =
                form
                ?? Submit(givenName: account.givenName, familyName: account.familyName, nickname: account.nickname, picture: account.pictureURL)
            self.isEditing = isEditing
            self.errors = errors
        }
    }

    enum Action: Sendable {
        case save(Submit)
    }

    struct Submit: Decodable, Sendable, Hashable {
        var givenName: String?
        var familyName: String?
        var nickname: String?
        var picture: String?
    }

    let accounts: Accounts
    /// Where a visitor goes whose session ended between the page and the form.
    let signInPage: LinkTarget
    let isEditing: Bool
    /// The details page, where a saved edit leads.
    let detailsPage: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        guard let userID = try await context.session.userID, let account = try await accounts.account(id: userID) else {
            return .failed("Your account could not be found. Sign in again.")
        }
        return .loaded(State(account: account, isEditing: isEditing))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .save(let submit): try await save(submit, context: context)
        }
    }

    private func save(_ submit: Submit, context: SceneContext) async throws -> ActionOutcome<State> {
        guard let userID = try await context.session.userID else { return .navigate(signInPage) }
        let result = try await accounts.updateDetails(
            id: userID,
            givenName: submit.givenName ?? "",
            familyName: submit.familyName ?? "",
            nickname: submit.nickname ?? "",
            picture: submit.picture ?? ""
        )
        switch result {
        case .success:
            return .navigate(detailsPage)
        case .failure(let errors):
            guard let account = try await accounts.account(id: userID) else { return .navigate(signInPage) }
            return .invalid(State(account: account, form: submit, isEditing: true, errors: errors))
        }
    }
}
