/// The person signed in to Moneybox, as the accounts page greets them.
struct Investor: Sendable, Hashable, Codable {
    var firstName: String
    var lastName: String

    var fullName: String { "\(firstName) \(lastName)" }
}
