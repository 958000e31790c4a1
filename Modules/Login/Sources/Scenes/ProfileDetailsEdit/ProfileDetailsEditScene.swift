import AtriumSDK

/// Completing the profile: the details as a form, saved when every field is valid.
struct ProfileDetailsEditScene: Scene {
    struct State: Sendable, Hashable {
        var account: Account
        var form: Submit
        var errors = ProfileDetailsErrors()

        init(account: Account, form: Submit? = nil, errors: ProfileDetailsErrors = ProfileDetailsErrors()) {
            self.account = account
            self.form =
                form
                ?? Submit(givenName: account.givenName, familyName: account.familyName, nickname: account.nickname, picture: account.pictureURL)
            self.errors = errors
        }
    }

    enum Action: Sendable {
        case save(Submit)
    }

    /// The form as posted.
    struct Submit: Decodable, Sendable, Hashable {
        var givenName: String?
        var familyName: String?
        var nickname: String?
        var picture: String?
    }

    static let id = "profile-details-edit"
    static let title: Wording = "Complete your profile"
    static let page = Route.page("/profile/details/edit", guard: .signedIn)
    static let save = Route.action("/profile/details/edit", guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(save, Action.save)] }

    let accounts: Accounts
    var view: ProfileDetailsEditView { ProfileDetailsEditView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        guard let userID = try await context.session.userID, let account = try await accounts.account(id: userID) else {
            return .failed("Your account could not be found. Sign in again.")
        }
        return .loaded(State(account: account))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .save(let submit):
            guard let userID = try await context.session.userID else { return .navigate(SignInScene.page()) }
            let result = try await accounts.updateDetails(
                id: userID, givenName: submit.givenName ?? "", familyName: submit.familyName ?? "", nickname: submit.nickname ?? "",
                picture: submit.picture ?? "")
            switch result {
            case .success:
                return .navigate(ProfileDetailsScene.page())
            case .failure(let errors):
                guard let account = try await accounts.account(id: userID) else { return .navigate(SignInScene.page()) }
                return .invalid(State(account: account, form: submit, errors: errors))
            }
        }
    }
}
