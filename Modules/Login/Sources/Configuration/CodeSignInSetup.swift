import AtriumSDK
import Foundation

/// How one-time codes work under the configuration: issued to accounts' emails (and delivered to
/// the log or a webhook) or checked by a remote service of the Rewards contract; with the counts
/// that pace them.
struct CodeSignInSetup: Sendable {
    /// Whether codes are issued to accounts (and a right one signs in), rather than checked remotely.
    let issues: Bool
    let codeSignIn: CodeSignIn

    init(settings: CodeSettings, registrar: any ModuleRegistrar, accounts: any AccountRepository) {
        let services = registrar.services
        let timeout = Duration.seconds(settings.timeoutSeconds)
        issues = settings.verifier == .issued
        let codes: (any IssuedCodeRepository)? = issues ? StoredIssuedCodes(records: registrar.sharedRecords, hasher: services.passwords) : nil
        let verifier: any CodeVerifier
        if let codes {
            verifier = IssuedCodeVerifier(codes: codes, now: { services.clock.now })
        } else {
            let http = settings.url.map { registrar.remoteService("code-verifier", at: $0) } ?? services.http
            verifier = RemoteCodeVerifier(http: http, url: settings.url ?? "", timeout: timeout)
        }
        var delivery: (any CodeDelivery)?
        if issues {
            switch settings.delivery {
            case .webhook:
                let http = settings.webhookURL.map { registrar.remoteService("code-webhook", at: $0) } ?? services.http
                delivery = WebhookCodeDelivery(http: http, url: settings.webhookURL ?? "", timeout: timeout)
            case .log: delivery = LoggedCodeDelivery(logger: registrar.logger)
            }
        }
        let shared = registrar.sharedRecords
        codeSignIn = CodeSignIn(
            verifier: verifier, accounts: accounts, codes: codes, delivery: delivery,
            counters: CodeCounters(
                guessesByAddress: StoredCodeAttempts(records: shared, collection: "code-attempts"),
                guessesByEmail: StoredCodeAttempts(records: shared, collection: "code-guesses"),
                requestsByAddress: StoredCodeAttempts(records: shared, collection: "code-requests"),
                sendsByEmail: StoredCodeAttempts(records: shared, collection: "code-sends")),
            length: settings.length, lifetime: TimeInterval(settings.expiryMinutes * 60), makeCode: { services.random.digits($0) },
            now: { services.clock.now })
    }
}
