/// An amount of money in minor units (pence, cents) and an ISO 4217 currency code.
public struct Money: Sendable, Equatable, Codable {
    public var minorUnits: Int
    public var currency: String

    public init(minorUnits: Int, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The amount as people read it: "£10.23", "-€0.50", "12.00 CHF".
    public var formatted: String {
        let symbols = ["GBP": "£", "EUR": "€", "USD": "$"]
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let pounds = magnitude / 100
        let pence = magnitude % 100
        let number = "\(pounds).\(pence < 10 ? "0" : "")\(pence)"
        if let symbol = symbols[currency] { return "\(sign)\(symbol)\(number)" }
        return "\(sign)\(number) \(currency)"
    }
}
