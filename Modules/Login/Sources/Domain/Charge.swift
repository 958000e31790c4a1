import AtriumSDK
import Foundation

/// One charge to an account: when, for what, and how much (negative: the account paid).
public struct Charge: Sendable, Hashable, Codable {
    public var date: Date
    /// "E-bike ride, 12 minutes".
    public var what: String
    public var amount: Money
}
