import Foundation

/// An issued code as stored: its account, its slow salted hash (never the code), when it expires,
/// and how many tries it has left.
struct IssuedCodeRecord: Codable, Sendable {
    var accountID: String
    var hash: String
    var expiresAt: Date
    var triesLeft: Int
}
