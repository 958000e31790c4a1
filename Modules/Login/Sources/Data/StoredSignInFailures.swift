import AtriumSDK

/// Failed sign-ins per email in the module's shared records, so a lockout survives a restart.
struct StoredSignInFailures: SignInFailureRepository {
    let records: any RecordStore

    func failures(for email: String) async throws -> SignInFailures {
        try await records.record(SignInFailures.self, id: email, in: "sign-in-failures") ?? SignInFailures()
    }

    func save(_ failures: SignInFailures, for email: String) async throws {
        try await records.save(failures, id: email, in: "sign-in-failures")
    }

    func clear(for email: String) async throws {
        try await records.deleteRecord(id: email, in: "sign-in-failures")
    }
}
