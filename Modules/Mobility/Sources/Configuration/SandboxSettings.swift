import AtriumSDK
import Foundation

/// The sandbox city (`mobility.sandbox`): what rides cost (one currency, one unlock price, and a
/// price a minute for each kind of vehicle; the feed's pricing plans say it and rides are priced by
/// it), and its simulated riders.
public struct SandboxSettings: Codable, Sendable, Equatable {
    /// An ISO 4217 code, such as USD, EUR or GBP.
    public var currency = "USD"
    public var unlock = 1.0
    public var bikePerMinute = 0.15
    public var ebikePerMinute = 0.30
    public var scooterPerMinute = 0.39
    /// Simulated riders taking and returning vehicles while the city is looked at (0: none).
    public var riders = 0
    /// Seconds between two of their moves.
    public var everySeconds = 10.0
    /// Their moves follow a generator from this seed: the same city moves the same way every run.
    public var seed = 1

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
        if !(0...200).contains(riders) {
            problems.append(SettingProblem(key: "sandbox.riders", message: "is \(riders)", fix: "write a number of riders from 0 (none) to 200"))
        }
        if !(0.1...3600).contains(everySeconds) {
            problems.append(SettingProblem(key: "sandbox.everySeconds", message: "is \(everySeconds)", fix: "write seconds from 0.1 to 3600"))
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
