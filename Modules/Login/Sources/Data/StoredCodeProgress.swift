import AtriumSDK

/// Where one visitor is in a code sign-in, in the visitor's records: the email a code was asked
/// for, and the reward earned (with where its button leads).
struct StoredCodeProgress: CodeProgressRepository {
    struct PendingEmail: Codable, Sendable { var email: String }

    static let collection = "code-sign-in"

    let records: any RecordStore

    func pendingEmail() async throws -> String? {
        try await records.record(PendingEmail.self, id: "pending", in: Self.collection)?.email
    }

    func setPendingEmail(_ email: String) async throws {
        try await records.save(PendingEmail(email: email), id: "pending", in: Self.collection)
    }

    func clearPendingEmail() async throws {
        try await records.deleteRecord(id: "pending", in: Self.collection)
    }

    func reward() async throws -> CodeReward? {
        try await records.record(CodeReward.self, id: "reward", in: Self.collection)
    }

    func grantReward(continueTo: String?) async throws {
        try await records.save(CodeReward(continueTo: continueTo), id: "reward", in: Self.collection)
    }
}
