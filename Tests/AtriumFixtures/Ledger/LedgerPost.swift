import Foundation

/// The body of `POST /ledger/entries`, as either version reads it: v1 clients send `memo`, v2
/// clients `note`, `currency` and the payer's `email`.
struct LedgerPost: Decodable, Sendable {
    struct Payer: Decodable, Sendable {
        var name: String
        var email: String?
    }

    var id: String
    var title: String
    var amount: Int
    var memo: String?
    var note: String?
    var currency: String?
    var payer: Payer
}
