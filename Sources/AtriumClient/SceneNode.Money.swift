import Foundation

extension SceneNode {
    /// An exact amount of money in an ISO 4217 currency.
    public struct Money: Sendable, Equatable, Decodable {
        public var amount: Decimal
        public var currency: String

        /// The amount as people in `locale` read it ("£5,651.96" in en_GB).
        public func formatted(locale: Locale = Locale(identifier: "en_GB")) -> String {
            amount.formatted(.currency(code: currency).locale(locale))
        }
    }
}
