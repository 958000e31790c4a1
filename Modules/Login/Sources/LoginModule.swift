import AtriumSDK
import Foundation

/// Login: accounts, sign in and sign up with a password, server-side sessions, the profile and its
/// details. Provides "current user" and binds "sign-in", so every module's signed-in guard works.
public struct LoginModule: AtriumModule {
    public struct Configuration: ModuleConfiguration {
        /// How long a signed-in session lasts after its last use, in days (1 to 3650).
        public var sessionDays = 30
        /// Where a user lands after signing in when no page asked for it.
        public var homeRoute: RouteName = "profile"

        public init() {}

        public func problems() -> [SettingProblem] {
            (1...3650).contains(sessionDays)
                ? [] : [SettingProblem(key: "sessionDays", message: "must be from 1 to 3650 days", fix: "use a number of days such as 30")]
        }
    }

    public static let manifest = ModuleManifest(
        id: "login",
        title: "Login",
        version: "1.0.0",
        provides: [.currentUser],
        binds: [.signIn, "sign-up", "profile"]
    )

    public init() {}

    public func register(in registrar: ModuleRegistrar, configuration: Configuration) async throws {
        let repository = StoredAccounts(records: registrar.sharedRecords, hasher: registrar.services.passwords)
        let clock = registrar.services.clock
        let accounts = Accounts(
            repository: repository, failures: StoredSignInFailures(records: registrar.sharedRecords), now: { clock.now })
        registrar.provide(.currentUser, SignedInUsers(accounts: repository))
        registrar.factory(Accounts.self, lifetime: .shared) { _ in accounts }

        let landing = SignInLanding(
            sessions: try registrar.userSessions(), sessionLifetime: .seconds(configuration.sessionDays * 24 * 3600), home: configuration.homeRoute)

        let signInPage = registrar.page("/login", name: .signIn)
        // A sign-in or sign-up form loaded before another tab signed in (or clicked twice) still works.
        let signIn = registrar.action("/login", formTokens: .includingReplacedSession)
        let signOut = registrar.action("/logout")
        let signUpPage = registrar.page("/signup", name: "sign-up")
        let signUp = registrar.action("/signup", formTokens: .includingReplacedSession)
        let profilePage = registrar.page("/profile", name: "profile", guard: .signedIn)
        let saveNotifications = registrar.action("/profile/notifications", guard: .signedIn)
        let detailsPage = registrar.page("/profile/details", guard: .signedIn)
        let editPage = registrar.page("/profile/details/edit", guard: .signedIn)
        let saveDetails = registrar.action("/profile/details/edit", guard: .signedIn)

        registrar.scene(
            "sign-in",
            title: "Sign in",
            model: { context in SignInModel(accounts: try context.make(Accounts.self), landing: landing, page: signInPage()) },
            view: SignInView(submit: signIn, signUp: signUpPage),
            routes: [.page(signInPage), .action(signIn, SignInModel.Action.signIn), .action(signOut, .signOut)]
        )
        registrar.scene(
            "sign-up",
            title: "Sign up",
            model: { context in SignUpModel(accounts: try context.make(Accounts.self), landing: landing) },
            view: SignUpView(submit: signUp, signIn: signInPage),
            routes: [.page(signUpPage), .action(signUp, SignUpModel.Action.signUp)]
        )
        registrar.scene(
            "profile",
            title: "Profile",
            isEntry: true,
            model: { context in ProfileModel(accounts: try context.make(Accounts.self), signInPage: signInPage(), page: profilePage()) },
            view: ProfileView(saveNotifications: saveNotifications, details: detailsPage, signOut: signOut),
            routes: [.page(profilePage), .action(saveNotifications, ProfileModel.Action.saveNotifications)]
        )
        let detailsView = ProfileDetailsView(details: detailsPage, edit: editPage, save: saveDetails, profile: profilePage)
        registrar.scene(
            "profile-details",
            title: "Profile details",
            model: { context in
                ProfileDetailsModel(accounts: try context.make(Accounts.self), signInPage: signInPage(), isEditing: false, detailsPage: detailsPage())
            },
            view: detailsView,
            routes: [.page(detailsPage)]
        )
        registrar.scene(
            "profile-details-edit",
            title: "Complete your profile",
            model: { context in
                ProfileDetailsModel(accounts: try context.make(Accounts.self), signInPage: signInPage(), isEditing: true, detailsPage: detailsPage())
            },
            view: detailsView,
            routes: [.page(editPage), .action(saveDetails, ProfileDetailsModel.Action.save)]
        )
    }
}
