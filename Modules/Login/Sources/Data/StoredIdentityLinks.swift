import AtriumSDK

/// Provider identities linked to accounts, in the module's shared records, keyed by issuer and subject.
struct StoredIdentityLinks: IdentityLinkRepository {
    struct Link: Codable, Sendable { var accountID: String }

    static let collection = "identity-links"

    let records: any RecordStore

    func accountID(issuer: String, subject: String) async throws -> String? {
        try await records.record(Link.self, id: Self.key(issuer, subject), in: Self.collection)?.accountID
    }

    func link(issuer: String, subject: String, to accountID: String) async throws {
        try await records.save(Link(accountID: accountID), id: Self.key(issuer, subject), in: Self.collection)
    }

    /// Issuer and subject in one id; a space appears in neither an issuer URL nor (in practice) a subject,
    /// and the subject's length keeps them apart anyway.
    static func key(_ issuer: String, _ subject: String) -> String {
        "\(issuer) \(subject.utf8.count) \(subject)"
    }
}
