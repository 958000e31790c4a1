import AtriumSDK

/// The visitor's Moneybox session in the module's records of the visitor (or signed-in user), the
/// bearer token sealed. A token that no longer opens (the host key changed and the old one is no
/// longer listed) counts as no session; one sealed under a key being retired is sealed again.
struct SealedSessions: SessionRepository {
    static let collection = "session"
    static let id = "current"
    static let noticeCollection = "notice"

    /// A one-time notice for the sign-in page.
    struct Notice: Codable, Sendable {
        var text: String
    }

    let records: any RecordStore
    let sealer: any SecretSealer

    func current() async throws -> MoneyboxSession? {
        guard let stored = try await records.record(StoredSession.self, id: Self.id, in: Self.collection) else { return nil }
        guard let token = try? sealer.open(stored.sealedToken) else { return nil }
        let session = MoneyboxSession(investor: Investor(firstName: stored.firstName, lastName: stored.lastName), bearerToken: token)
        // Sealed under a key the host is retiring: sealed again under its new one (once), so the
        // old key can go without signing anyone out.
        if sealer.needsResealing(stored.sealedToken) { try? await keep(session) }
        return session
    }

    func keep(_ session: MoneyboxSession) async throws {
        let stored = StoredSession(
            firstName: session.investor.firstName, lastName: session.investor.lastName, sealedToken: try sealer.seal(session.bearerToken))
        try await records.save(stored, id: Self.id, in: Self.collection)
    }

    func forget() async throws {
        try await records.deleteRecord(id: Self.id, in: Self.collection)
    }

    func leaveNotice(_ text: String) async throws {
        try await records.save(Notice(text: text), id: Self.id, in: Self.noticeCollection)
    }

    func takeNotice() async throws -> String? {
        // Read first: the sign-in page is shown far more often than a notice is left.
        guard try await records.record(Notice.self, id: Self.id, in: Self.noticeCollection) != nil else { return nil }
        return try await records.update(Notice.self, id: Self.id, in: Self.noticeCollection) { stored in
            defer { stored = nil }
            return stored?.text
        }
    }
}
