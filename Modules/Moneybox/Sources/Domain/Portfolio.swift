import Foundation

/// Everything the accounts page shows: the total plan value and each product.
struct Portfolio: Sendable, Hashable {
    var totalPlanValue: Decimal
    var products: [Product]

    func product(id: Int) -> Product? { products.first { $0.id == id } }
}
