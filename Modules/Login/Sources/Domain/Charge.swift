import AtriumSDK
import Foundation

/// One charge to an account: when, for what, and how much (negative: the account paid). What it
/// was for is kept as data and worded when shown, in the reader's language.
public struct Charge: Sendable, Hashable, Codable {
    public var date: Date
    public var reason: Reason
    public var amount: Money

    /// What an account was charged for.
    public enum Reason: Sendable, Hashable {
        /// A ride: the vehicle as its feed names it (data, shown as it is) and the minutes started.
        case ride(vehicleName: String, minutes: Int)
        /// A charge stored before charges were data, as the sentence it was stored with (English):
        /// shown as it is.
        case described(String)
    }

    public init(date: Date, reason: Reason, amount: Money) {
        self.date = date
        self.reason = reason
        self.amount = amount
    }

    /// What the charge was for, in words a translation replaces.
    public var wording: Wording {
        switch reason {
        case .ride(let vehicleName, let minutes): "\(vehicleName) ride, \(minutes) minutes"
        case .described(let sentence): .verbatim(sentence)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case date, amount, kind, vehicleName, minutes
        /// The sentence charges were stored with before they were data ("E-bike ride, 12 minutes").
        case what
    }

    /// Reads a charge as stored now (`kind` and its data) or as stored before (`what`, a sentence):
    /// the charges already stored keep being shown, with no migration to run.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Date.self, forKey: .date)
        amount = try container.decode(Money.self, forKey: .amount)
        switch try container.decodeIfPresent(String.self, forKey: .kind) {
        case "ride":
            reason = .ride(
                vehicleName: try container.decode(String.self, forKey: .vehicleName), minutes: try container.decode(Int.self, forKey: .minutes))
        case nil:
            reason = .described(try container.decode(String.self, forKey: .what))
        case let kind?:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "no kind of charge is called '\(kind)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(amount, forKey: .amount)
        switch reason {
        case .ride(let vehicleName, let minutes):
            try container.encode("ride", forKey: .kind)
            try container.encode(vehicleName, forKey: .vehicleName)
            try container.encode(minutes, forKey: .minutes)
        case .described(let sentence):
            try container.encode(sentence, forKey: .what)
        }
    }
}
