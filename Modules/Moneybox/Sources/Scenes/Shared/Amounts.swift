import AtriumSDK
import Foundation

/// How Moneybox's pages show amounts, for every scene's view.
enum Amounts {
    /// A labelled amount on one line: "Plan value  £2,958.16".
    static func figure(_ label: Wording, _ amount: Decimal) -> UINode {
        .row(Row(content: [.text(Text(label)), .money(pounds(amount))]))
    }

    /// An amount in pounds.
    static func pounds(_ amount: Decimal) -> Money { Money(amount, currency: "GBP") }
}
