import Foundation

/// One of the investor's products (an ISA, a Lifetime ISA…) with its figures.
struct Product: Sendable, Hashable, Identifiable {
    /// The product response's id, which payments name.
    var id: Int
    var name: String
    var planValue: Decimal
    var moneybox: Decimal
}
