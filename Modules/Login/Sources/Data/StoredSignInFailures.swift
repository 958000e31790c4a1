import AtriumSDK

/// Failed sign-ins per email in the module's shared records, so a lockout survives a restart.
struct StoredSignInFailures: SignInFailureRepository {
    static let collection = "sign-in-failures"

    let records: any RecordStore

    func failures(for email: String) async throws -> SignInFailures {
        try await records.record(SignInFailures.self, id: email, in: Self.collection) ?? SignInFailures()
    }

    func update<Result: Sendable>(for email: String, _ change: @escaping @Sendable (inout SignInFailures) -> Result) async throws -> Result {
        try await records.update(SignInFailures.self, id: email, in: Self.collection) { stored in
            var failures = stored ?? SignInFailures()
            let result = change(&failures)
            stored = failures
            return result
        }
    }

    func clear(for email: String) async throws {
        try await records.deleteRecord(id: email, in: Self.collection)
    }
}
