import Foundation

/// The Moneybox API as the module uses it (the wire contract lives in the Data layer).
protocol MoneyboxAPI: Sendable {
    /// Signs in: who it is and the session's bearer token.
    func signIn(email: String, password: String) async throws(MoneyboxError) -> MoneyboxSession
    /// The investor's products and their total value.
    func portfolio(token: String) async throws(MoneyboxError) -> Portfolio
    /// Adds `amount` to a product's moneybox: its new moneybox amount.
    func addMoney(_ amount: Decimal, toProduct productID: Int, token: String) async throws(MoneyboxError) -> Decimal
}
