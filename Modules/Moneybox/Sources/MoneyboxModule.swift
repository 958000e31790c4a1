import AtriumSDK
import Foundation

/// Moneybox: sign in to a Moneybox-style savings API, see the accounts and their values, add £10 to
/// a moneybox. The module is a client of the API's wire contract; without `baseURL` it talks to its
/// own sandbox of that contract, served by this host, so the default configuration needs no network.
public struct MoneyboxModule: AtriumModule {
    public struct Configuration: ModuleConfiguration {
        /// The API's base URL (the real one is https://api-test02.moneyboxapp.com/); absent: the
        /// module's sandbox on this host.
        public var baseURL: String?
        /// How long a call to the API may take, in seconds.
        public var timeoutSeconds = 10
        /// Whether the API pays once per `Idempotency-Key` (the sandbox does): then a payment a
        /// crash or a timeout left unconfirmed is sent again with its key to learn what became of
        /// it. Default: true for the sandbox, false for another API (its payment then stays
        /// unconfirmed, and is never sent twice).
        public var idempotencyKeys: Bool?

        public static let settingDescriptions = [
            "baseURL": "The Moneybox API; absent, the module's own sandbox of the same contract, served by this host",
            "timeoutSeconds": "How long one call to the API may take (1 to 120)",
            "idempotencyKeys":
                "Whether the API pays once per Idempotency-Key, so an unconfirmed payment may be sent again with its key (default: true for the sandbox, else false)",
        ]

        public init() {}

        public func problems() -> [SettingProblem] {
            var problems: [SettingProblem] = []
            if let baseURL, MoneyboxModule.apiBase(baseURL) == nil {
                problems.append(
                    SettingProblem(
                        key: "baseURL", message: "'\(baseURL)' is not an http(s) address",
                        fix: "write the API's address, such as https://api-test02.moneyboxapp.com/, or leave it out to use the sandbox"))
            }
            if !(1...120).contains(timeoutSeconds) {
                problems.append(SettingProblem(key: "timeoutSeconds", message: "must be from 1 to 120 seconds, not \(timeoutSeconds)"))
            }
            return problems
        }
    }

    public static let manifest = ModuleManifest(id: "moneybox", title: "Moneybox", version: "1.0.0", binds: ["moneybox"])

    /// Where the sandbox answers, on this host.
    static let sandboxPath = "/moneybox/sandbox/"

    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        let services = registrar.services
        let base = configuration.baseURL.flatMap(Self.apiBase) ?? services.localURL(Self.sandboxPath)
        let api = MoneyboxHTTPClient(http: services.http, baseURL: base, timeout: .seconds(configuration.timeoutSeconds))
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
                contract: EndpointContract(body: MoneyboxWire.LoginRequest.self, reply: MoneyboxWire.LoginResponse.self, keys: .pascalCase)
            ) { try await sandbox.logIn($0) }
            registrar.endpoint(
                .get, Self.sandboxPath + "investorproducts", contract: EndpointContract(reply: MoneyboxWire.ProductsResponse.self, keys: .pascalCase)
            ) { try await sandbox.investorProducts($0) }
            registrar.endpoint(
                .post, Self.sandboxPath + "oneoffpayments",
                contract: EndpointContract(body: MoneyboxWire.PaymentRequest.self, reply: MoneyboxWire.PaymentResponse.self, keys: .pascalCase)
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
