import AtriumSDK
import Foundation

/// The `login.code` section: signing in with a one-time code.
public struct CodeSettings: Codable, Sendable {
    public enum Verifier: String, Codable, Sendable, CaseIterable {
        /// Codes this host issues to accounts' emails: a passwordless sign-in.
        case issued
        /// A remote service of the original Rewards contract; it signs no account in.
        case remote
    }

    public enum Delivery: String, Codable, Sendable, CaseIterable {
        /// One log line with the email and the code (development).
        case log
        /// `POST webhookURL` with `{"to", "code", "expiresAt"}` (a mail or SMS gateway).
        case webhook
    }

    public var verifier = Verifier.issued
    /// With `remote`: where codes are checked.
    public var url: String?
    /// Digits per code (4 to 8).
    public var length = 4
    /// How long an issued code works, in minutes.
    public var expiryMinutes = 10
    public var delivery = Delivery.log
    /// With `webhook`: where issued codes are posted.
    public var webhookURL: String?
    /// How long the remote check or the webhook may take, in seconds.
    public var timeoutSeconds = 10

    public init() {}

    func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if verifier == .remote && url == nil {
            problems.append(
                SettingProblem(key: "code.url", message: "is missing", fix: "verifier: remote needs the address that checks codes"))
        }
        if delivery == .webhook && webhookURL == nil {
            problems.append(
                SettingProblem(key: "code.webhookURL", message: "is missing", fix: "delivery: webhook needs the gateway's address"))
        }
        for (key, address) in [("code.url", url), ("code.webhookURL", webhookURL)] {
            guard let address else { continue }
            if !WebAddress.isValid(address) {
                problems.append(
                    SettingProblem(key: key, message: "'\(address)' is not an http(s) address", fix: "write one such as https://example.com/login"))
            }
        }
        if !(4...8).contains(length) {
            problems.append(SettingProblem(key: "code.length", message: "must be from 4 to 8 digits, not \(length)"))
        }
        if !(1...60).contains(expiryMinutes) {
            problems.append(SettingProblem(key: "code.expiryMinutes", message: "must be from 1 to 60 minutes, not \(expiryMinutes)"))
        }
        if !(1...60).contains(timeoutSeconds) {
            problems.append(SettingProblem(key: "code.timeoutSeconds", message: "must be from 1 to 60 seconds, not \(timeoutSeconds)"))
        }
        return problems
    }
}
