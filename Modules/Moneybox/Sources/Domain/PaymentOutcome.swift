import Foundation

/// What sending the "Add £10" form led to.
enum PaymentOutcome: Sendable, Equatable {
    /// Paid (now or by an earlier send of the same form): the moneybox amount the API returned.
    case paid(moneybox: Decimal)
    /// An earlier send of the same form is still waiting for the API.
    case stillProcessing
    /// An earlier send of the same form got no answer in time: it may have paid.
    case unknown
}
