import Foundation

/// What is known of a payment sent with one form's one-time key: in progress, done with the
/// moneybox amount the API returned, or of unknown outcome (the API did not answer in time, or a
/// crash came between sending and recording, so it may have paid).
struct PaymentClaim: Sendable, Codable, Equatable {
    enum Stage: String, Sendable, Codable { case pending, done, unknown }

    var productID: Int
    var stage: Stage
    var claimedAt: Date
    var moneybox: Decimal?

    /// What a new send of the same form does with this claim.
    enum Decision: Sendable, Equatable {
        /// Leave it: its outcome stands, or the send that made it is still waiting for the API.
        case keep
        /// Send the payment (again) with the same key: the API pays once per key, so this learns
        /// what became of an earlier send, or makes the payment it never reached.
        case takeOver
        /// Its outcome cannot be learnt without risking a second payment: it stays unknown.
        case markUnknown
    }

    /// What a send at `now` does with this claim: a pending one older than `staleAfter` seconds
    /// was left by a send that will never finish (its host died); with an API that pays once per
    /// key (`keyed`), it and an unknown outcome are sent again to learn what happened.
    func decision(at now: Date, staleAfter: Double, keyed: Bool) -> Decision {
        switch stage {
        case .done: return .keep
        case .unknown: return keyed ? .takeOver : .keep
        case .pending:
            guard now.timeIntervalSince(claimedAt) > staleAfter else { return .keep }
            return keyed ? .takeOver : .markUnknown
        }
    }
}
