import AtriumSDK
import Foundation

/// Login: accounts, sign in and sign up with a password, server-side sessions, the profile and its
/// details. Provides "current user" and binds "sign-in", so every module's signed-in guard works.
public struct LoginModule: AtriumModule {
    public struct Configuration: Decodable, Sendable {
        /// How long a signed-in session lasts after its last use.
        public var sessionDays: Int
        /// Where a user lands after signing in when there is no return-to page.
        public var homeRoute: RouteName

        enum CodingKeys: String, CodingKey { case sessionDays, homeRoute }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sessionDays = try container.decodeIfPresent(Int.self, forKey: .sessionDays) ?? 30
            homeRoute = try container.decodeIfPresent(RouteName.self, forKey: .homeRoute) ?? "profile"
            guard (1...3650).contains(sessionDays) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .sessionDays, in: container, debugDescription: "use a number of days from 1 to 3650, such as 30")
            }
        }
    }

    public static let manifest = ModuleManifest(
        id: "login",
        title: "Login",
        version: "1.0.0",
        provides: [.currentUser],
        binds: [.signIn, "sign-up", "sign-out", "profile"]
    )

    public init() {}

    public func register(in registrar: ModuleRegistrar, configuration: Configuration) async throws {
        let repository = StoredAccounts(records: registrar.sharedRecords)
        let hashing = HostPasswordHashing(hasher: registrar.passwordHasher)
        let accounts = Accounts(
            repository: repository,
            failures: StoredSignInFailures(records: registrar.sharedRecords),
            hasher: hashing,
            decoyHash: await hashing.hash(UUID().uuidString)
        )
        registrar.provide(.currentUser, SignedInUsers(accounts: repository))
        registrar.factory(Accounts.self, lifetime: .shared) { _ in accounts }

        let landing = SignInLanding(sessionLifetime: .seconds(configuration.sessionDays * 24 * 3600), home: configuration.homeRoute)

        let signIn = registrar.scene(
            "sign-in",
            title: "Sign in",
            model: { context in SignInModel(accounts: try context.make(Accounts.self), landing: landing) },
            view: SignInView()
        )
        registrar.get("/login", name: .signIn, scene: signIn)
        // A sign-in or sign-up form loaded before another tab signed in (or clicked twice) still works.
        registrar.post("/login", name: "login.submit", formTokens: .includingReplacedSession, scene: signIn, action: SignInModel.Submit.self) {
            model, submit, context in
            try await model.signIn(submit, context: context)
        }
        registrar.post("/logout", name: "sign-out", scene: signIn, action: EmptyAction.self) { model, _, context in
            try await model.signOut(context: context)
        }

        let signUp = registrar.scene(
            "sign-up",
            title: "Sign up",
            model: { context in SignUpModel(accounts: try context.make(Accounts.self), landing: landing) },
            view: SignUpView()
        )
        registrar.get("/signup", name: "sign-up", scene: signUp)
        registrar.post("/signup", formTokens: .includingReplacedSession, scene: signUp, action: SignUpModel.Submit.self) { model, submit, context in
            try await model.signUp(submit, context: context)
        }

        let profile = registrar.scene(
            "profile",
            title: "Profile",
            isEntry: true,
            model: { context in ProfileModel(accounts: try context.make(Accounts.self)) },
            view: ProfileView()
        )
        registrar.get("/profile", name: "profile", guard: .signedIn, scene: profile)
        registrar.post(
            "/profile/notifications", name: "profile.notifications", guard: .signedIn, scene: profile, action: ProfileModel.Notifications.self
        ) {
            model, notifications, context in
            try await model.saveNotifications(notifications, context: context)
        }

        let details = registrar.scene(
            "profile-details",
            title: "Profile details",
            model: { context in ProfileDetailsModel(accounts: try context.make(Accounts.self), isEditing: false) },
            view: ProfileDetailsView()
        )
        registrar.get("/profile/details", name: "profile.details", guard: .signedIn, scene: details)

        let editDetails = registrar.scene(
            "profile-details-edit",
            title: "Complete your profile",
            model: { context in ProfileDetailsModel(accounts: try context.make(Accounts.self), isEditing: true) },
            view: ProfileDetailsView()
        )
        registrar.get("/profile/details/edit", name: "profile.details.edit", guard: .signedIn, scene: editDetails)
        registrar.post("/profile/details/edit", guard: .signedIn, scene: editDetails, action: ProfileDetailsModel.Submit.self) {
            model, submit, context in
            try await model.save(submit, context: context)
        }
    }
}
