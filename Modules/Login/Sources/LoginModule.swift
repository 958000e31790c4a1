import AtriumContracts
import AtriumSDK
import Foundation

/// Login: accounts, sign in and sign up with a password or a one-time code, server-side sessions,
/// the profile and its details (with what the account was charged for rides, from Mobility's
/// ``RideEnded``), and the Rewards app's code screen and reward. Provides "current user" and binds
/// "sign-in", so every module's signed-in guard works.
public struct LoginModule: AtriumModule {
    public typealias Configuration = LoginConfiguration

    public static let manifest = ModuleManifest(
        id: "login",
        title: "Login",
        version: "1.0.0",
        provides: [.currentUser],
        binds: [.signIn, "sign-up", "profile", "otp"],
        collections: [
            StoredCollection("accounts", holds: "accounts: name, email, password hash, language, profile details"),
            StoredCollection("emails", holds: "which account each email belongs to (one account per email)"),
            StoredCollection(StoredCharges.collection, holds: "what each account was charged for rides"),
            StoredCollection(StoredSignInFailures.collection, holds: "failed sign-ins per email and address, for the throttle"),
            StoredCollection(StoredIssuedCodes.collection, holds: "one-time codes issued to accounts, hashed"),
            StoredCollection(StoredCodeProgress.collection, holds: "a visitor's one-time-code sign-in under way"),
            StoredCollection("code-attempts", holds: "code guesses per address, for the throttle"),
            StoredCollection("code-guesses", holds: "code guesses per email, for the throttle"),
            StoredCollection("code-requests", holds: "code requests per address, for the throttle"),
            StoredCollection("code-sends", holds: "codes sent per email, for the throttle"),
            StoredCollection(StoredSSOFlows.collection, holds: "single sign-on flows under way (state, nonce, PKCE verifier)"),
            StoredCollection(StoredIdentityLinks.collection, holds: "which account each provider's subject signs in to"),
            StoredCollection(StoredProviderSession.collection, holds: "a signed-in visitor's provider session, for signing out there"),
        ],
        remoteServices: [
            RemoteService("openid", title: "OpenID Connect providers (sso.providers)"),
            RemoteService("code-verifier", title: "the Rewards contract's code check (code.verifier: remote)"),
            RemoteService("code-webhook", title: "where issued codes are delivered (code.delivery: webhook)"),
        ]
    )

    /// Its wording in Spanish too (`Resources/Localizable.xcstrings`).
    public static var translations: ModuleTranslations? { Localizable.translations }

    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        let services = registrar.services
        let shared = registrar.sharedRecords
        // Counts keyed by what visitors send (emails, addresses) go once nobody has touched them for a day.
        for collection in [
            StoredSignInFailures.collection, "code-attempts", "code-guesses", "code-requests", "code-sends", StoredIssuedCodes.collection,
        ] {
            registrar.expireRecords(in: collection, unchangedFor: .seconds(24 * 3600))
        }

        // Use cases shared by every request.
        let repository = StoredAccounts(records: shared, hasher: services.passwords)
        let clock = services.clock
        let (failed, locked) = (services.metrics.counter("sign_in_failures"), services.metrics.counter("lockouts"))
        let accounts = Accounts(
            repository: repository, failures: StoredSignInFailures(records: shared), now: { clock.now },
            counters: SignInCounters(failure: { failed.increment() }, lockout: { locked.increment() }))
        registrar.provide(.currentUser, SignedInUsers(accounts: repository))
        let landing = SignInLanding(
            sessions: try registrar.userSessions(), sessionLifetime: .seconds(configuration.sessionDays * 24 * 3600), home: configuration.homeRoute)
        let providers = IdentityProviders(
            entries: configuration.sso.map { settings in
                IdentityProviders.Entry(
                    id: settings.id, title: settings.title,
                    provider: OpenIDClient(
                        settings: settings, redirectURI: "\(registrar.publicURL)/login/sso/\(settings.id)/callback",
                        http: registrar.remoteService("openid", at: settings.issuer),
                        tokens: services.openID, clock: clock, timeout: .seconds(10)))
            })
        let identities = IdentitySignIn(accounts: repository, links: StoredIdentityLinks(records: shared)) { services.random.token(bytes: 32) }
        let code = CodeSignInSetup(settings: configuration.code, registrar: registrar, accounts: repository)
        let charges = StoredCharges(records: shared)
        registrar.migration(ChargesAsData.migration)
        let rideCharges = RideCharges(charges: charges)

        // Events.
        registrar.subscribe(to: RideEnded.self) { ride, delivery in try await rideCharges.charge(for: ride, delivery: delivery) }

        // Use cases made for each request, on the records of whoever is asking.
        @Sendable func progress(_ context: SceneContext) -> StoredCodeProgress { StoredCodeProgress(records: context.storage) }
        @Sendable func flows(_ context: SceneContext) -> StoredSSOFlows { StoredSSOFlows(records: context.storage) }
        @Sendable func providerSession(_ context: SceneContext) -> StoredProviderSession {
            StoredProviderSession(records: context.storage, sealer: services.secrets)
        }

        // Scenes.
        let signInView = SignInView(offersCodes: code.issues, providers: providers.entries.map { ($0.title, SSOAddress(id: $0.id)) })
        let signedOutURL = "\(registrar.publicURL)/login"
        registrar.scene(SignInScene.self) { context in
            SignInScene(
                accounts: accounts, landing: landing, providers: providers, providerSession: providerSession(context), signedOutURL: signedOutURL,
                view: signInView)
        }
        registrar.scene(SignUpScene.self) { _ in SignUpScene(accounts: accounts, landing: landing) }
        let profileView = ProfileView(mapTab: configuration.mapRoute.map(LinkTarget.named))
        registrar.scene(ProfileScene.self) { _ in ProfileScene(accounts: accounts, charges: charges, view: profileView) }
        registrar.scene(ProfileDetailsScene.self) { _ in ProfileDetailsScene(accounts: accounts, charges: charges) }
        registrar.scene(ProfileDetailsEditScene.self) { _ in ProfileDetailsEditScene(accounts: accounts) }
        let codes = code.codeSignIn
        let rewardView = RewardView(home: landing.home)
        registrar.scene(OTPScene.self) { context in
            OTPScene(
                codes: codes, landing: code.issues ? landing : nil, progress: progress(context), expiryMinutes: configuration.code.expiryMinutes)
        }
        registrar.scene(RewardScene.self) { context in RewardScene(progress: progress(context), signsIn: code.issues, view: rewardView) }
        if code.issues {
            registrar.scene(CodeRequestScene.self) { context in CodeRequestScene(codes: codes, progress: progress(context)) }
        }
        registrar.scene(SSOStartScene.self) { context in
            SSOStartScene(providers: providers, flows: flows(context), random: services.random, clock: clock)
        }
        registrar.scene(SSOCallbackScene.self) { context in
            SSOCallbackScene(
                providers: providers, identities: identities, landing: landing, flows: flows(context), providerSession: providerSession(context),
                clock: clock)
        }
    }
}
