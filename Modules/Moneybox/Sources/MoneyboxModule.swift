import AtriumSDK
import Foundation

/// Moneybox: sign in to a Moneybox-style savings API, see the accounts and their values, add £10 to
/// a moneybox. The module is a client of the API's wire contract; without `baseURL` it talks to its
/// own sandbox of that contract, served by this host, so the default configuration needs no network.
public struct MoneyboxModule: AtriumModule {
    public typealias Configuration = MoneyboxConfiguration

    public static let manifest = ModuleManifest(
        id: "moneybox", title: "Moneybox", version: "1.0.0", binds: ["moneybox"],
        collections: [
            StoredCollection(SealedSessions.collection, holds: "each visitor's API session, sealed"),
            StoredCollection(SealedSessions.noticeCollection, holds: "a notice to show a visitor once (signed out by the API)"),
            StoredCollection(StoredPayments.collection, holds: "each payment's progress, so a double submit pays once"),
            StoredCollection(MoneyboxSandbox.sessions, holds: "the sandbox: its API sessions"),
            StoredCollection(MoneyboxSandbox.balances, holds: "the sandbox: each user's moneybox values"),
            StoredCollection(MoneyboxSandbox.failures, holds: "the sandbox: failed sign-ins, for its throttle"),
            StoredCollection(MoneyboxSandbox.payments, holds: "the sandbox: payments it has taken, by idempotency key"),
        ],
        remoteServices: [RemoteService("api", title: "the Moneybox API (baseURL; without it, this host's sandbox)")])

    /// Its wording in Spanish too (`Resources/Localizable.xcstrings`).
    public static var translations: ModuleTranslations? { Localizable.translations }

    /// Where the sandbox answers, on this host.
    static let sandboxPath = "/moneybox/sandbox/"

    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        let services = registrar.services
        let base = configuration.baseURL.flatMap(Self.apiBase) ?? services.localURL(Self.sandboxPath)
        let api = MoneyboxHTTPClient(http: registrar.remoteService("api", at: base), baseURL: base, timeout: .seconds(configuration.timeoutSeconds))
        let waitLimit = Duration.seconds(configuration.timeoutSeconds + 1)
        let keyedPayments = configuration.idempotencyKeys ?? (configuration.baseURL == nil)
        // The use case, made for each request on the records of whoever is asking.
        @Sendable func account(_ context: SceneContext) -> MoneyboxAccount {
            MoneyboxAccount(
                api: api, sessions: SealedSessions(records: context.storage, sealer: services.secrets),
                payments: StoredPayments(records: context.storage),
                now: { services.clock.now }, waitLimit: waitLimit, keyedPayments: keyedPayments)
        }

        if configuration.baseURL == nil {
            let sandbox = MoneyboxSandbox(records: registrar.sharedRecords, tokens: services.tokens, clock: services.clock, random: services.random)
            registrar.endpoint(
                .post, Self.sandboxPath + "users/login",
                contract: EndpointContract(
                    body: MoneyboxWire.LoginRequest.self, reply: MoneyboxWire.LoginResponse.self, keys: .pascalCase, headers: MoneyboxWire.headers,
                    textRules: MoneyboxWire.loginRules)
            ) { try await sandbox.logIn($0) }
            registrar.endpoint(
                .get, Self.sandboxPath + "investorproducts",
                contract: EndpointContract(reply: MoneyboxWire.ProductsResponse.self, keys: .pascalCase, headers: MoneyboxWire.headers)
            ) { try await sandbox.investorProducts($0) }
            registrar.endpoint(
                .post, Self.sandboxPath + "oneoffpayments",
                contract: EndpointContract(
                    body: MoneyboxWire.PaymentRequest.self, reply: MoneyboxWire.PaymentResponse.self, keys: .pascalCase, headers: MoneyboxWire.headers
                )
            ) { try await sandbox.oneOffPayment($0) }
        }

        // Scenes.
        registrar.scene(MoneyboxSignInScene.self) { context in MoneyboxSignInScene(account: account(context)) }
        registrar.scene(AccountsScene.self) { context in AccountsScene(account: account(context)) }
        registrar.scene(ProductScene.self) { context in ProductScene(account: account(context), random: services.random) }
    }

    /// The API's base address ending with "/", or nil when `text` is not an http(s) URL.
    static func apiBase(_ text: String) -> String? {
        guard WebAddress.isValid(text) else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }
}
