import AtriumSDK
import Foundation

/// What an account was charged: its latest charges (newest first), its balance in each currency
/// it was charged in (no exchange rates are invented), and how many rides it paid for.
public struct AccountCharges: Sendable, Hashable, Codable {
    /// Charges kept to show; the balances and the ride count cover every charge ever made.
    public static let keptCharges = 100

    public var latest: [Charge] = []
    /// Amounts by ISO 4217 currency code.
    public var balances: [String: Decimal] = [:]
    public var rides = 0

    public init() {}

    /// The balances, by currency code.
    public var balanceList: [Money] { balances.sorted { $0.key < $1.key }.map { Money($0.value, currency: $0.key) } }

    /// Adds `charge` (newest first, keeping ``keptCharges``) to the balance of its currency.
    public mutating func add(_ charge: Charge, isRide: Bool) {
        latest.insert(charge, at: 0)
        if latest.count > Self.keptCharges { latest.removeLast(latest.count - Self.keptCharges) }
        balances[charge.amount.currency, default: 0] += charge.amount.amount
        if isRide { rides += 1 }
    }
}
