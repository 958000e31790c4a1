import Foundation

/// An amount of money: an exact `Decimal` (never a binary floating-point number) and an ISO 4217
/// currency code.
public struct Money: Sendable, Hashable, Codable {
    /// The amount, exactly.
    public var amount: Decimal
    /// The ISO 4217 currency code (`GBP`).
    public var currency: String
    /// The amount as the page's language writes it (`5651,96 £`), when the host has put the page
    /// into a language other than English; nil: ``formatted``.
    @_spi(AtriumHost) public var shown: String?

    private enum CodingKeys: String, CodingKey { case amount, currency }

    /// `amount` in `currency`.
    public init(_ amount: Decimal, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// An amount in minor units (pence, cents): `Money(minorUnits: 1023, currency: "GBP")` is £10.23.
    public init(minorUnits: Int, currency: String) {
        self.init(Decimal(minorUnits) / 100, currency: currency)
    }

    /// The amount as people in the UK read it, rounded to the currency's minor unit: "£5,651.96",
    /// "-€0.50", "CHF 12.00".
    public var formatted: String {
        amount.formatted(.currency(code: currency).locale(Self.locale))
    }

    /// The amount as plain digits with a point, for machines: "5651.96", "-0.5".
    public var digits: String { amount.description }

    /// What a page shows: the amount in the page's language.
    @_spi(AtriumHost) public var display: String { shown ?? formatted }

    private static let locale = Locale(identifier: "en_GB")
}
