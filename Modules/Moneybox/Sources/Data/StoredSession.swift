/// The visitor's Moneybox session as stored: the bearer token only sealed.
struct StoredSession: Codable, Sendable {
    var firstName: String
    var lastName: String
    /// The bearer token, sealed by the host (AES-GCM): never in clear in the database.
    var sealedToken: String
}
