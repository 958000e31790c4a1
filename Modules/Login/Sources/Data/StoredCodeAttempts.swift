import AtriumSDK

/// One of code sign-in's counts (by client address, or by email), in the module's shared records
/// (a restart keeps them).
struct StoredCodeAttempts: CodeAttemptRepository {
    let records: any RecordStore
    /// Which count: "code-attempts", "code-guesses", "code-requests" or "code-sends".
    let collection: String

    func update<Result: Sendable>(for address: String, _ change: @escaping @Sendable (inout CodeAttempts) -> Result) async throws -> Result {
        try await records.update(CodeAttempts.self, id: address, in: collection) { stored in
            var attempts = stored ?? CodeAttempts()
            let result = change(&attempts)
            stored = attempts.times.isEmpty ? nil : attempts
            return result
        }
    }
}
