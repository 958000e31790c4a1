import Foundation

/// A payment the sandbox made under an `Idempotency-Key`, kept for a day so a repeat of it (a client
/// that lost the answer, or finishes what a crash left half done) gets the first answer and pays
/// nothing more.
struct SandboxPayment: Codable, Sendable {
    /// The paying user's email and the key.
    var id: String
    var productID: Int
    var amount: Decimal
    var moneybox: Decimal
    var madeAt: Date
}
