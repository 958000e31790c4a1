import AtriumSDK

/// An entry as version 2 stores it: `note` (which replaces `memo`), `currency` and the payer's
/// `email` are new; what v1 wrote reads them as ``defaults``. It still writes `memo` (the same as
/// `note`) for v1 hosts serving beside it, and reads it when `note` is empty (v1 wrote the entry
/// after the expand migration ran).
struct LedgerEntryV2: LedgerRecord, RecordDefaults, Equatable {
    struct Payer: Codable, Sendable, Equatable {
        var name: String
        var email: String
    }

    var title: String
    var amount: Int
    var note: String
    var memo: String?
    var currency: String
    var payer: Payer

    static let defaults = LedgerEntryV2(title: "", amount: 0, note: "", memo: nil, currency: "EUR", payer: Payer(name: "", email: ""))

    init(posted: LedgerPost) {
        let note = posted.note ?? posted.memo ?? ""
        self.init(
            title: posted.title, amount: posted.amount, note: note, memo: note.isEmpty ? nil : note, currency: posted.currency ?? "EUR",
            payer: Payer(name: posted.payer.name, email: posted.payer.email ?? ""))
    }

    init(title: String, amount: Int, note: String, memo: String?, currency: String, payer: Payer) {
        self.title = title
        self.amount = amount
        self.note = note
        self.memo = memo
        self.currency = currency
        self.payer = payer
    }

    /// What the entry says about itself: its note, or the memo v1 wrote.
    var shownNote: String { note.isEmpty ? memo ?? "" : note }

    func added(id: String) -> LedgerEntryAddedV2 { LedgerEntryAddedV2(entry: id, amount: amount, currency: currency) }
}
