import AtriumSDK

/// Profile details: how complete the profile is, its rows, and the form that completes it.
struct ProfileDetailsModel: SceneModel {
    struct State: Sendable, Equatable {
        var account: Account
        var isEditing: Bool
        var errors = ProfileDetailsErrors()
    }

    struct Submit: Decodable, Sendable {
        var givenName: String?
        var familyName: String?
        var nickname: String?
        var picture: String?
    }

    let accounts: Accounts
    let isEditing: Bool

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        guard let userID = await context.session.userID, let account = try await accounts.account(id: userID) else {
            return .failed("Your account could not be found. Sign in again.")
        }
        return .loaded(State(account: account, isEditing: isEditing))
    }

    func save(_ submit: Submit, context: SceneContext) async throws -> ActionOutcome<State> {
        guard let userID = await context.session.userID else { return .navigate(.route(.signIn)) }
        let result = try await accounts.updateDetails(
            id: userID,
            givenName: submit.givenName ?? "",
            familyName: submit.familyName ?? "",
            nickname: submit.nickname ?? "",
            picture: submit.picture ?? ""
        )
        switch result {
        case .success:
            return .navigate(.route("profile.details"))
        case .failure(let errors):
            guard var account = try await accounts.account(id: userID) else { return .navigate(.route(.signIn)) }
            account.givenName = submit.givenName ?? ""
            account.familyName = submit.familyName ?? ""
            account.nickname = submit.nickname ?? ""
            account.pictureURL = submit.picture ?? ""
            return .invalid(State(account: account, isEditing: true, errors: errors))
        }
    }
}
