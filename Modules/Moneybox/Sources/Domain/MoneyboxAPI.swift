import Foundation

/// The Moneybox API as the module uses it (the wire contract lives in the Data layer).
protocol MoneyboxAPI: Sendable {
    /// Signs in: who it is and the session's bearer token.
    func signIn(email: String, password: String) async throws(MoneyboxError) -> MoneyboxSession
    /// The investor's products and their total value.
    func portfolio(token: String) async throws(MoneyboxError) -> Portfolio
    /// Adds `amount` to a product's moneybox: its new moneybox amount. `idempotencyKey` names this
    /// one payment: an API that honours it (the sandbox does) pays once however often it is sent,
    /// and answers a repeat with the first answer.
    func addMoney(_ amount: Decimal, toProduct productID: Int, token: String, idempotencyKey: String) async throws(MoneyboxError) -> Decimal
}
