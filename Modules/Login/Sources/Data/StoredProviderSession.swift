import AtriumSDK

/// What sign-out needs from a provider sign-in, in the account's records: the provider, and its ID
/// token sealed (for the end-session hint). Nothing else the provider sent is kept.
struct StoredProviderSession: ProviderSessionRepository {
    struct Session: Codable, Sendable {
        var providerID: String
        var sealedIDToken: String
    }

    static let collection = "sso-session"
    static let id = "current"

    let records: any RecordStore
    let sealer: any SecretSealer

    func keep(providerID: String, idToken: String) async throws {
        try await records.save(Session(providerID: providerID, sealedIDToken: try sealer.seal(idToken)), id: Self.id, in: Self.collection)
    }

    /// The provider and ID token of the current sign-in, removed as they are read.
    func take() async throws -> (providerID: String, idToken: String)? {
        guard let session = try await records.record(Session.self, id: Self.id, in: Self.collection) else { return nil }
        try await records.deleteRecord(id: Self.id, in: Self.collection)
        guard let token = try? sealer.open(session.sealedIDToken) else { return nil }
        return (session.providerID, token)
    }
}
