import AtriumSDK

/// Where one visitor is in a code sign-in, in the visitor's records: the email a code was asked
/// for, and the reward earned (with where its button leads).
struct StoredCodeProgress: Sendable {
    struct PendingEmail: Codable, Sendable { var email: String }
    struct Reward: Codable, Sendable { var continueTo: String? }

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

    func reward() async throws -> Reward? {
        try await records.record(Reward.self, id: "reward", in: Self.collection)
    }

    func grantReward(continueTo: String?) async throws {
        try await records.save(Reward(continueTo: continueTo), id: "reward", in: Self.collection)
    }
}
