import AtriumSDK
import Foundation
import Logging

/// Development delivery: one log line with the email, the code and the language the person reads
/// (the line itself is for the operator, in English).
struct LoggedCodeDelivery: CodeDelivery {
    let logger: Logger

    func deliver(_ message: CodeMessage) async throws {
        logger.notice(
            "one-time code \(message.code) for \(message.email), valid until \(message.expiresAt.formatted(.iso8601)), in \(message.language): \(message.text) (login.code.delivery: log)"
        )
    }
}
