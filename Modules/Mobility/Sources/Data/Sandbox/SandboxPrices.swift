import AtriumSDK
import Foundation

/// What rides in the sandbox city cost (`mobility.sandbox`): one currency, one unlock price, and a
/// price a minute for each kind of vehicle. The feed's pricing plans say it; rides are priced by it.
public struct SandboxPrices: Codable, Sendable, Equatable {
    /// An ISO 4217 code, such as USD, EUR or GBP.
    public var currency = "USD"
    public var unlock = 1.0
    public var bikePerMinute = 0.15
    public var ebikePerMinute = 0.30
    public var scooterPerMinute = 0.39

    public init() {}

    /// The problems of these prices, keyed under `sandbox.`.
    func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if currency.count != 3 || !currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            problems.append(
                SettingProblem(key: "sandbox.currency", message: "'\(currency)' is not a currency code", fix: "write an ISO 4217 code such as USD"))
        }
        for (key, price) in [
            ("unlock", unlock), ("bikePerMinute", bikePerMinute), ("ebikePerMinute", ebikePerMinute), ("scooterPerMinute", scooterPerMinute),
        ] where !(0...1000).contains(price) || price.isNaN {
            problems.append(SettingProblem(key: "sandbox.\(key)", message: "is \(price)", fix: "write a price from 0 to 1000, such as 0.25"))
        }
        return problems
    }

    /// `price` exactly as written (0.15, not the nearest binary fraction), to the cent.
    static func exact(_ price: Double) -> Decimal {
        Decimal(string: String(format: "%.2f", price), locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    /// The price a minute of the vehicle type `id` (bike, ebike, scooter).
    func perMinute(_ type: String) -> Double {
        switch type {
        case "bike": bikePerMinute
        case "ebike": ebikePerMinute
        default: scooterPerMinute
        }
    }
}
