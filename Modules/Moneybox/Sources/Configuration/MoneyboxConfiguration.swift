import AtriumSDK
import Foundation

/// The `moneybox` section.
public struct MoneyboxConfiguration: ModuleConfiguration {
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
