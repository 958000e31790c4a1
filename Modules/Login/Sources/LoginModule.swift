import AtriumSDK
import Foundation

/// Login: accounts, sign in and sign up with a password or a one-time code, server-side sessions,
/// the profile and its details, and the Rewards app's code screen and reward. Provides "current
/// user" and binds "sign-in", so every module's signed-in guard works.
public struct LoginModule: AtriumModule {
    public struct Configuration: ModuleConfiguration {
        /// How long a signed-in session lasts after its last use, in days (1 to 3650).
        public var sessionDays = 30
        /// Where a user lands after signing in when no page asked for it.
        public var homeRoute: RouteName = "profile"
        /// Signing in with a one-time code.
        public var code = CodeSettings()
        /// OpenID Connect providers people can continue with.
        public var sso: [SSOProviderSettings] = []

        public static let settingDescriptions = [
            "sessionDays": "A signed-in session lasts this many days after its last use (1 to 3650)",
            "homeRoute": "The route name people land on after signing in when no page asked for one",
            "code.verifier": "One-time codes: issued (the host sends a code to an account's email) or remote (the Rewards contract at code.url)",
            "code.url": "With remote: the address that checks codes",
            "code.length": "Digits per code (4 to 8)",
            "code.expiryMinutes": "How long an issued code works",
            "code.delivery": "How issued codes reach people: log (development) or webhook",
            "code.webhookURL": "With webhook: where {\"to\", \"code\", \"expiresAt\"} is posted (a mail or SMS gateway)",
            "code.timeoutSeconds": "For the remote check and the webhook",
            "sso": "OpenID Connect providers",
            "sso.id": "The provider's id in addresses (/login/sso/<id>)",
            "sso.title": "Shown as \"Continue with <title>\"",
            "sso.issuer": "The provider's issuer URL (its discovery document is read from it)",
            "sso.clientID": "This host's client id at the provider",
            "sso.clientSecret": "This host's client secret (or LOGIN_SSO_<ID>_CLIENT_SECRET); never logged",
            "sso.scopes": "The scopes asked for",
            "sso.parameters": "Extra authorize parameters, such as connection: google-oauth2",
        ]

        public init() {}

        public func problems() -> [SettingProblem] {
            var problems = code.problems()
            for (index, provider) in sso.enumerated() { problems += provider.problems(at: index) }
            var seen: Set<String> = []
            for (index, provider) in sso.enumerated() where !seen.insert(provider.id).inserted {
                problems.append(
                    SettingProblem(key: "sso[\(index)].id", message: "'\(provider.id)' is used twice", fix: "give each provider its own id"))
            }
            if !(1...3650).contains(sessionDays) {
                problems.append(SettingProblem(key: "sessionDays", message: "must be from 1 to 3650 days", fix: "use a number of days such as 30"))
            }
            return problems
        }
    }

    public static let manifest = ModuleManifest(
        id: "login",
        title: "Login",
        version: "1.0.0",
        provides: [.currentUser],
        binds: [.signIn, "sign-up", "profile", "otp"],
        uses: [.rides]
    )

    public init() {}

    public func register(in registrar: ModuleRegistrar, configuration: Configuration) async throws {
        // Counts keyed by what visitors send (emails, addresses) go once nobody has touched them for a day.
        for collection in [
            StoredSignInFailures.collection, "code-attempts", "code-guesses", "code-requests", "code-sends", StoredIssuedCodes.collection,
        ] {
            registrar.expireRecords(in: collection, unchangedFor: .seconds(24 * 3600))
        }
        let repository = StoredAccounts(records: registrar.sharedRecords, hasher: registrar.services.passwords)
        let clock = registrar.services.clock
        let (failed, locked) = (registrar.services.metrics.counter("sign_in_failures"), registrar.services.metrics.counter("lockouts"))
        let accounts = Accounts(
            repository: repository, failures: StoredSignInFailures(records: registrar.sharedRecords), now: { clock.now },
            counters: SignInCounters(failure: { failed.increment() }, lockout: { locked.increment() }))
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

        let codeRequest = registerCodeSignIn(in: registrar, settings: configuration.code, accounts: repository, landing: landing, signIn: signIn)
        let providers = OpenIDProviders(
            entries: configuration.sso.map { settings in
                OpenIDProviders.Entry(
                    id: settings.id, title: settings.title,
                    client: OpenIDClient(
                        settings: settings, redirectURI: "\(registrar.publicURL)/login/sso/\(settings.id)/callback", http: registrar.services.http,
                        tokens: registrar.services.openID, clock: registrar.services.clock, timeout: .seconds(10)))
            })
        let providerStart = registerSingleSignOn(in: registrar, providers: providers, accounts: repository, landing: landing, signInPage: signInPage)
        let services = registrar.services
        let signedOutURL = "\(registrar.publicURL)/login"

        registrar.scene(
            "sign-in",
            title: "Sign in",
            model: { context in
                SignInModel(
                    accounts: try context.make(Accounts.self), landing: landing, page: signInPage(), providers: providers, sealer: services.secrets,
                    signedOutURL: signedOutURL)
            },
            view: SignInView(
                submit: signIn, signUp: signUpPage, codeRequest: codeRequest,
                providers: providers.entries.map { ($0.title, SSOAddress(id: $0.id)) }, providerStart: providerStart),
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
            view: ProfileView(saveNotifications: saveNotifications, details: detailsPage, signOut: signOut, profile: profilePage),
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

    /// The one-time-code screen and the reward, and with issued codes the page that sends one.
    /// Returns the page that asks for a code, when there is one.
    private func registerCodeSignIn(
        in registrar: ModuleRegistrar, settings: CodeSettings, accounts: any AccountRepository, landing: SignInLanding,
        signIn: Route<NoParameters>
    ) -> Route<NoParameters>? {
        let services = registrar.services
        let timeout = Duration.seconds(settings.timeoutSeconds)
        let issues = settings.verifier == .issued
        let codes: (any IssuedCodeRepository)? = issues ? StoredIssuedCodes(records: registrar.sharedRecords, hasher: services.passwords) : nil
        let verifier: any CodeVerifier
        if let codes {
            verifier = IssuedCodeVerifier(codes: codes, now: { services.clock.now })
        } else {
            verifier = RemoteCodeVerifier(http: services.http, url: settings.url ?? "", timeout: timeout)
        }
        var delivery: (any CodeDelivery)?
        if issues {
            switch settings.delivery {
            case .webhook: delivery = WebhookCodeDelivery(http: services.http, url: settings.webhookURL ?? "", timeout: timeout)
            case .log: delivery = LoggedCodeDelivery(logger: registrar.logger)
            }
        }
        let codeSignIn = CodeSignIn(
            verifier: verifier, accounts: accounts, codes: codes, delivery: delivery,
            counters: CodeCounters(
                guessesByAddress: StoredCodeAttempts(records: registrar.sharedRecords, collection: "code-attempts"),
                guessesByEmail: StoredCodeAttempts(records: registrar.sharedRecords, collection: "code-guesses"),
                requestsByAddress: StoredCodeAttempts(records: registrar.sharedRecords, collection: "code-requests"),
                sendsByEmail: StoredCodeAttempts(records: registrar.sharedRecords, collection: "code-sends")),
            length: settings.length, lifetime: TimeInterval(settings.expiryMinutes * 60), makeCode: { services.random.digits($0) },
            now: { services.clock.now })

        let otpPage = registrar.page("/otp", name: "otp")
        // A code form loaded before another tab signed in (or sent twice) still works.
        let submit = registrar.action("/otp", formTokens: .includingReplacedSession)
        let rewardPage = registrar.page("/reward")
        registrar.scene(
            "otp",
            title: "Please enter your OTP",
            model: { _ in OTPModel(codes: codeSignIn, landing: issues ? landing : nil, reward: rewardPage, expiryMinutes: settings.expiryMinutes) },
            view: OTPView(submit: submit),
            routes: [.page(otpPage), .action(submit, OTPModel.Action.submit)]
        )
        registrar.scene(
            "reward",
            title: "Reward",
            model: { _ in RewardModel(otp: otpPage(), signsIn: issues) },
            view: RewardView(otp: otpPage, home: landing.home),
            routes: [.page(rewardPage)]
        )
        guard issues else { return nil }
        let requestPage = registrar.page("/login/code")
        let request = registrar.action("/login/code", formTokens: .includingReplacedSession)
        registrar.scene(
            "code-request",
            title: "Sign in with a code",
            model: { _ in CodeRequestModel(codes: codeSignIn, otp: otpPage) },
            view: CodeRequestView(request: request, signIn: signIn),
            routes: [.page(requestPage), .action(request, CodeRequestModel.Action.request)]
        )
        return requestPage
    }

    /// Continuing with an OpenID Connect provider: the start and the callback. Returns the start route.
    private func registerSingleSignOn(
        in registrar: ModuleRegistrar, providers: OpenIDProviders, accounts: any AccountRepository, landing: SignInLanding,
        signInPage: Route<NoParameters>
    ) -> Route<SSOAddress> {
        let services = registrar.services
        let identities = IdentitySignIn(accounts: accounts, links: StoredIdentityLinks(records: registrar.sharedRecords)) {
            services.random.token(bytes: 32)
        }
        let start = registrar.page("/login/sso/{id}", parameters: SSOAddress.self)
        let callback = registrar.page("/login/sso/{id}/callback", parameters: SSOCallbackAddress.self)
        registrar.scene(
            "sso-start",
            title: "Sign in",
            model: { _ in SSOStartModel(providers: providers, random: services.random, clock: services.clock) },
            view: SSOStartView(),
            routes: [.page(start)]
        )
        registrar.scene(
            "sso-callback",
            title: "Sign-in did not complete",
            model: { _ in
                SSOCallbackModel(providers: providers, identities: identities, landing: landing, sealer: services.secrets, clock: services.clock)
            },
            view: SSOCallbackView(signIn: signInPage),
            routes: [.page(callback)]
        )
        return start
    }
}
