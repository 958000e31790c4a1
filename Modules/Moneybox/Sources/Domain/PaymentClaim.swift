import Foundation

/// What is known of a payment sent with one form's one-time key: in progress, done with the
/// moneybox amount the API returned, or of unknown outcome (the API did not answer in time, so it
/// may have paid: the same form never pays again).
struct PaymentClaim: Sendable, Codable, Equatable {
    enum Stage: String, Sendable, Codable { case pending, done, unknown }

    var productID: Int
    var stage: Stage
    var claimedAt: Date
    var moneybox: Decimal?
}
