import AtriumSDK

/// An entry as version 1 stores it.
struct LedgerEntryV1: LedgerRecord, Equatable {
    struct Payer: Codable, Sendable, Equatable {
        var name: String
    }

    var title: String
    var amount: Int
    var memo: String?
    var payer: Payer

    init(posted: LedgerPost) {
        self.init(title: posted.title, amount: posted.amount, memo: posted.memo, payer: Payer(name: posted.payer.name))
    }

    init(title: String, amount: Int, memo: String?, payer: Payer) {
        self.title = title
        self.amount = amount
        self.memo = memo
        self.payer = payer
    }

    func added(id: String) -> LedgerEntryAddedV1 { LedgerEntryAddedV1(entry: id, amount: amount) }
}
