import Foundation

/// What a ride costs: a price to start and a price per minute.
public struct PricingPlan: Sendable, Hashable {
    public var id: String
    public var name: String
    public var currency: String
    public var unlockPrice: Decimal
    public var perMinute: Decimal

    public init(id: String, name: String, currency: String, unlockPrice: Decimal, perMinute: Decimal) {
        self.id = id
        self.name = name
        self.currency = currency
        self.unlockPrice = unlockPrice
        self.perMinute = perMinute
    }

    /// The price of a ride of `minutes` started minutes (a started minute counts whole).
    public func price(minutes: Int) -> Decimal { unlockPrice + perMinute * Decimal(max(minutes, 0)) }
}
