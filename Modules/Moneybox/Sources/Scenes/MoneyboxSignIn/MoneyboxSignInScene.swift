import AtriumSDK

/// Signing in to Moneybox: the accounts page for a visitor who already has a session, else the
/// form; the API's message when it refuses.
struct MoneyboxSignInScene: Scene {
    /// The Moneybox sign-in form: the email typed (never the password), field errors, and a message
    /// (the API's, or why the last session ended).
    struct State: Sendable, Hashable {
        var email = ""
        var emailError: Wording?
        var passwordError: Wording?
        var message: Wording?
    }

    enum Action: Sendable {
        case signIn(MoneyboxSignInFields)
    }

    /// The longest email and password the form takes (a password in UTF-8 bytes).
    static let emailLimit = 254
    static let passwordBytes = 128

    static let id = "sign-in"
    static let title: Wording = "Sign in to Moneybox"
    static let isEntry = true
    static let page = Route.page("/moneybox", name: "moneybox")
    static let signIn = Route.action("/moneybox/sign-in")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(signIn, Action.signIn)] }

    let account: MoneyboxAccount
    var view: MoneyboxSignInView { MoneyboxSignInView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        if try await account.isSignedIn() { return .redirect(AccountsScene.page()) }
        return .loaded(State(message: try await account.takeNotice().map(Wording.init(verbatim:))))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .signIn(let fields): try await signIn(fields)
        }
    }

    /// One `@` with something before it, and a domain after it with a dot inside and no spaces:
    /// what the email field's kind promises a client, checked here too.
    static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    private func signIn(_ fields: MoneyboxSignInFields) async throws -> ActionOutcome<State> {
        let email = (fields.email ?? "").trimmingCharacters(in: .whitespaces)
        let password = fields.password ?? ""
        var state = State(email: String(email.prefix(Self.emailLimit)))
        if email.isEmpty {
            state.emailError = "Enter your email."
        } else if email.count > Self.emailLimit || email.utf8.count > 4 * Self.emailLimit {
            state.emailError = "An email has at most \(Self.emailLimit) characters."
        } else if !Self.isPlausibleEmail(email) {
            state.emailError = "Enter an email address such as name@example.com."
        }
        if password.isEmpty {
            state.passwordError = "Enter your password."
        } else if password.utf8.count > Self.passwordBytes {
            state.passwordError = "A password has at most \(Self.passwordBytes) bytes."
        }
        guard state.emailError == nil, state.passwordError == nil else { return .invalid(state) }
        do {
            _ = try await account.signIn(email: email, password: password)
            return .navigate(AccountsScene.page())
        } catch let error as MoneyboxError {
            state.message = error.message
            switch error {
            case .refused(status: 401, _), .sessionExpired: return .unauthorized(state)
            case .refused(status: 429, _): return .tooManyRequests(state)
            case .refused: return .invalid(state)
            case .unreadable, .timedOut, .unreachable: return .unavailable(error.message)
            }
        }
    }
}
