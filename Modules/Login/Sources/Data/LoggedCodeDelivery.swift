import AtriumSDK
import Foundation
import Logging

/// Development delivery: one log line with the email and the code.
struct LoggedCodeDelivery: CodeDelivery {
    let logger: Logger

    func deliver(_ code: String, to email: String, expiresAt: Date) async throws {
        logger.notice("one-time code \(code) for \(email), valid until \(expiresAt.formatted(.iso8601)) (login.code.delivery: log)")
    }
}
